import Foundation

public protocol FeedFetching: Sendable {
    func fetchEpisodes(for feed: Feed) async throws -> [Episode]
}

/// Pulls new episodes for every subscribed feed.
public actor FeedRefresher {
    private let fetcher: any FeedFetching
    private let feeds: [Feed]
    private var episodesByFeed: [String: [Episode]] = [:]
    public private(set) var lastRefreshed: Date?
    public private(set) var failedFeedIDs: Set<String> = []

    public init(fetcher: any FeedFetching, feeds: [Feed]) {
        self.fetcher = fetcher
        self.feeds = feeds
    }

    public var episodeCount: Int {
        episodesByFeed.values.reduce(0) { $0 + $1.count }
    }

    public func episodes(inFeed feedID: String) -> [Episode] {
        episodesByFeed[feedID] ?? []
    }

    @discardableResult
    public func refreshAll() async -> Int {
        for feed in feeds {
            do {
                episodesByFeed[feed.id] = try await fetcher.fetchEpisodes(for: feed)
                failedFeedIDs.remove(feed.id)
            } catch {
                failedFeedIDs.insert(feed.id)
            }
        }
        lastRefreshed = Date()
        return episodeCount
    }

    /// Pull-to-refresh and the background app refresh handler both call this.
    @discardableResult
    public nonisolated func refreshInBackground() -> Task<Int, Never> {
        Task(priority: .utility) { await self.refreshAll() }
    }
}

public protocol Sleeper: Sendable {
    func sleep(for duration: Duration) async throws
}

public struct TaskSleeper: Sleeper {
    public init() {}
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

/// Refreshes feeds periodically while the app is in the foreground.
public actor AutoRefreshScheduler {
    private let interval: Duration
    private let sleeper: any Sleeper
    private let refresh: @Sendable () async -> Void
    private var loop: Task<Void, Never>?
    public private(set) var completedCycles = 0

    public init(
        interval: Duration,
        sleeper: any Sleeper = TaskSleeper(),
        refresh: @escaping @Sendable () async -> Void
    ) {
        self.interval = interval
        self.sleeper = sleeper
        self.refresh = refresh
    }

    public var isRunning: Bool { loop != nil }

    public func start() {
        guard loop == nil else { return }
        let sleeper = self.sleeper
        let interval = self.interval
        let refresh = self.refresh
        loop = Task { [weak self] in
            while !Task.isCancelled {
                do {
                    try await sleeper.sleep(for: interval)
                } catch {
                    return
                }
                await refresh()
                await self?.cycleFinished()
            }
        }
    }

    public func stop() {
        loop?.cancel()
        loop = nil
    }

    private func cycleFinished() {
        completedCycles += 1
    }
}
