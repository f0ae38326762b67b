import Foundation

public struct Feed: Sendable, Hashable, Identifiable {
    public let id: String
    public var title: String
    public var url: URL

    public init(id: String, title: String, url: URL) {
        self.id = id
        self.title = title
        self.url = url
    }
}

public struct Episode: Sendable, Hashable, Identifiable {
    public let id: String
    public var title: String
    public var feedID: String
    public var duration: Duration
    public var publishedAt: Date

    public init(
        id: String,
        title: String,
        feedID: String = "unknown",
        duration: Duration = .seconds(45 * 60),
        publishedAt: Date = Date()
    ) {
        self.id = id
        self.title = title
        self.feedID = feedID
        self.duration = duration
        self.publishedAt = publishedAt
    }
}

public struct Chapter: Sendable, Equatable {
    public var title: String
    public var start: Duration

    public init(title: String, start: Duration) {
        self.title = title
        self.start = start
    }
}

public enum PlayerEvent: Sendable, Equatable {
    case buffering(episodeID: String)
    case started(episodeID: String)
    case paused(episodeID: String)
    case finished(episodeID: String)
}
