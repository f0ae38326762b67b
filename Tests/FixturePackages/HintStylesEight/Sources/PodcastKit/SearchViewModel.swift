import Foundation

@MainActor
public final class SearchViewModel {
    public private(set) var query = ""
    public private(set) var results: [Episode] = []
    public private(set) var searchesPerformed = 0

    private let debounce: Duration
    private let clock: any Clock<Duration>
    private let search: @Sendable (String) -> [Episode]
    private var pending: Task<Void, Never>?

    public init(
        debounce: Duration = .milliseconds(300),
        clock: any Clock<Duration> = ContinuousClock(),
        search: @escaping @Sendable (String) -> [Episode]
    ) {
        self.debounce = debounce
        self.clock = clock
        self.search = search
    }

    public func updateQuery(_ text: String) {
        query = text
        pending?.cancel()
        guard text.count >= 2 else {
            results = []
            return
        }
        let clock = self.clock
        let debounce = self.debounce
        pending = Task {
            do {
                try await clock.sleep(for: debounce)
            } catch {
                return
            }
            self.results = self.search(text)
            self.searchesPerformed += 1
        }
    }
}
