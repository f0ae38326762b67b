import Foundation

public enum ProgressEvent: Sendable, Equatable {
    case started(String)
    case finished(String)
    case failed(String)
}

/// Broadcasts upload progress to the status bar.
public final class UploadProgressCenter: Sendable {
    public let events: AsyncStream<ProgressEvent>
    private let continuation: AsyncStream<ProgressEvent>.Continuation

    public init() {
        (events, continuation) = AsyncStream.makeStream(of: ProgressEvent.self)
    }

    public func report(_ event: ProgressEvent) {
        continuation.yield(event)
    }

    public func finish() {
        continuation.finish()
    }
}
