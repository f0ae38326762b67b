import Foundation
import PodcastKit

final class FakeFeedFetcher: FeedFetching, @unchecked Sendable {
    private let lock = NSLock()
    private var requested: [String] = []

    var episodesByFeed: [String: [Episode]]
    /// Simulated network latency.
    var latency: Duration?
    var failingFeedIDs: Set<String> = []
    var onFetch: (@Sendable (Feed) -> Void)?

    init(episodes: [String: [Episode]] = [:], latency: Duration? = nil) {
        self.episodesByFeed = episodes
        self.latency = latency
    }

    var requestedFeedIDs: [String] {
        lock.withLock { requested }
    }

    func fetchEpisodes(for feed: Feed) async throws -> [Episode] {
        lock.withLock { requested.append(feed.id) }
        if let latency {
            try await Task.sleep(for: latency)
        }
        defer { onFetch?(feed) }
        if failingFeedIDs.contains(feed.id) {
            throw URLError(.notConnectedToInternet)
        }
        return episodesByFeed[feed.id] ?? []
    }
}

/// Holds every request open until the test decides how it should finish.
actor SuspendingTranscriptProvider: TranscriptProviding {
    private var pending: [String: CheckedContinuation<String, Error>] = [:]
    private var requestWaiters: [CheckedContinuation<Void, Never>] = []
    private(set) var requestedIDs: [String] = []

    func transcript(forEpisodeID id: String) async throws -> String {
        requestedIDs.append(id)
        return try await withCheckedThrowingContinuation { continuation in
            pending[id] = continuation
            let waiters = requestWaiters
            requestWaiters.removeAll()
            waiters.forEach { $0.resume() }
        }
    }

    func waitForRequest() async {
        guard pending.isEmpty else { return }
        await withCheckedContinuation { requestWaiters.append($0) }
    }

    func respond(to id: String, with text: String) {
        pending.removeValue(forKey: id)?.resume(returning: text)
    }

    func fail(_ id: String, with error: any Error) {
        pending.removeValue(forKey: id)?.resume(throwing: error)
    }
}

actor InMemorySubscriptionStore: SubscriptionPersisting {
    private(set) var saveHistory: [[String]] = []
    private var stored: [String]

    init(stored: [String] = []) {
        self.stored = stored
    }

    var lastSaved: [String]? { saveHistory.last }

    func save(_ feedIDs: [String]) async throws {
        saveHistory.append(feedIDs)
        stored = feedIDs
    }

    func load() async throws -> [String] {
        stored
    }
}

/// A `Sleeper` that only wakes up when the test says so.
final class FakeSleeper: Sleeper, @unchecked Sendable {
    private let lock = NSLock()
    private var sleeping: [UUID: CheckedContinuation<Void, any Error>] = [:]
    private var requested: [Duration] = []

    var requestedDurations: [Duration] { lock.withLock { requested } }

    func sleep(for duration: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = lock.withLock { () -> Bool in
                    requested.append(duration)
                    if Task.isCancelled { return true }
                    sleeping[id] = continuation
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            lock.withLock { sleeping.removeValue(forKey: id) }?
                .resume(throwing: CancellationError())
        }
    }

    /// Wakes whoever is currently sleeping (waiting briefly for someone to
    /// start sleeping first) and lets the woken work run.
    func advance() async {
        var spins = 0
        while lock.withLock({ sleeping.isEmpty }), spins < 1_000 {
            spins += 1
            await Task.yield()
        }
        let woken = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            defer { sleeping.removeAll() }
            return Array(sleeping.values)
        }
        woken.forEach { $0.resume() }
        for _ in 0..<50 { await Task.yield() }
    }
}

final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    func set(_ newValue: Value) {
        lock.withLock { stored = newValue }
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.withLock { body(&stored) }
    }
}
