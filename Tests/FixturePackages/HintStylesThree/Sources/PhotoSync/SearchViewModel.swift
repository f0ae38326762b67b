import Foundation

public protocol PhotoSearching: Sendable {
    func search(_ query: String) async -> [Photo]
}

/// Debounces keystrokes before hitting the search backend.
@MainActor
public final class SearchViewModel {
    public private(set) var results: [Photo] = []
    public private(set) var lastQuery: String?

    private let searcher: any PhotoSearching
    private let sleeper: any Sleeper
    private let quietPeriod: Duration
    private var pending: Task<Void, Never>?

    public init(
        searcher: any PhotoSearching,
        sleeper: any Sleeper = SystemSleeper(),
        quietPeriod: Duration = .milliseconds(300)
    ) {
        self.searcher = searcher
        self.sleeper = sleeper
        self.quietPeriod = quietPeriod
    }

    public func queryChanged(_ query: String) {
        pending?.cancel()
        pending = Task { [sleeper, quietPeriod, searcher] in
            do {
                try await sleeper.sleep(for: quietPeriod)
            } catch {
                return
            }
            guard !Task.isCancelled else { return }
            let found = await searcher.search(query)
            guard !Task.isCancelled else { return }
            self.lastQuery = query
            self.results = found
        }
    }
}
