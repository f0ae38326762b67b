import Foundation

public enum DownloadState: Sendable, Equatable {
    case queued
    case downloading
    case completed(localURL: URL)
    case failed(reason: String)

    public var isTerminal: Bool {
        switch self {
        case .completed, .failed: return true
        case .queued, .downloading: return false
        }
    }

    public var localURL: URL? {
        if case let .completed(url) = self { return url }
        return nil
    }
}

public enum DownloadEvent: Sendable, Equatable {
    case started(TrackID)
    case finished(TrackID, URL)
    case failed(TrackID, String)

    public var trackID: TrackID {
        switch self {
        case let .started(id), let .finished(id, _), let .failed(id, _):
            return id
        }
    }

    public var isTerminal: Bool {
        if case .started = self { return false }
        return true
    }
}
