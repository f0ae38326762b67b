@MainActor
public final class SearchViewModel {
    public private(set) var results: [Book] = []
    public private(set) var searchCount = 0
    public let updates: AsyncStream<[Book]>

    private let updatesContinuation: AsyncStream<[Book]>.Continuation
    private let repository: BookRepository
    private let clock: LendingClock
    private let debounce: Duration
    private var pending: Task<Void, Never>?

    public init(repository: BookRepository, clock: LendingClock = SystemLendingClock(), debounce: Duration = .milliseconds(300)) {
        self.repository = repository
        self.clock = clock
        self.debounce = debounce
        let (stream, continuation) = AsyncStream.makeStream(of: [Book].self)
        self.updates = stream
        self.updatesContinuation = continuation
    }

    public func queryChanged(_ query: String) {
        pending?.cancel()
        let clock = self.clock
        let debounce = self.debounce
        pending = Task { [weak self] in
            do { try await clock.sleep(for: debounce) } catch { return }
            guard !Task.isCancelled else { return }
            await self?.searchNow(query)
        }
    }

    public func searchNow(_ query: String) async {
        searchCount += 1
        let found = (try? await repository.search(query)) ?? []
        results = found
        updatesContinuation.yield(found)
    }

    public func waitForPendingSearch() async {
        await pending?.value
    }
}
