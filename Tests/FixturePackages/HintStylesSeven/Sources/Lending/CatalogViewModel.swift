@MainActor
public final class CatalogViewModel {
    public private(set) var books: [Book] = []
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    public private(set) var branchLabel = ""
    public let events: EventLog

    private let repository: BookRepository
    private let cache: BookCache
    private var loadTask: Task<Void, Never>?

    public init(repository: BookRepository, cache: BookCache = BookCache(), events: EventLog = EventLog()) {
        self.repository = repository
        self.cache = cache
        self.events = events
    }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        branchLabel = LendingContext.branchID
        do {
            let fetched = try await repository.fetchBooks()
            books = fetched
            errorMessage = nil
            await cache.store(fetched)
        } catch {
            errorMessage = "Could not load the catalogue"
        }
    }

    public func refresh() async {
        books = []
        await load()
    }

    public func onAppear() {
        guard loadTask == nil else { return }
        loadTask = Task { await self.load() }
    }

    public nonisolated func logImpression(_ bookID: String) {
        let events = self.events
        Task { await events.append("impression:\(bookID)") }
    }
}
