import Foundation

/// The service a feed loads from: an actor, so every call is a hop.
public actor FeedService {
    private var fetches = 0
    private let items: [String]

    public init(items: [String]) {
        self.items = items
    }

    public func fetch() -> [String] {
        fetches += 1
        return items
    }

    public var fetchCount: Int { fetches }
}

/// A view model that refreshes through an unstructured task, as views call it from a button.
@MainActor public final class FeedViewModel {
    public private(set) var items: [String] = []
    private let service: FeedService
    private var refreshing: Task<Void, Never>?

    public init(service: FeedService) {
        self.service = service
    }

    /// Starts a refresh and returns at once: the items arrive after three hops (to the service, to the global executor, back).
    public func refresh() {
        refreshing = Task { items = await Self.trimmed(await service.fetch()) }
    }

    /// Runs on the global executor: one more hop before the items reach the main actor.
    private nonisolated static func trimmed(_ items: [String]) async -> [String] {
        items.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Waits for the refresh in flight, for tests that gate on it.
    public func refreshed() async {
        await refreshing?.value
    }
}
