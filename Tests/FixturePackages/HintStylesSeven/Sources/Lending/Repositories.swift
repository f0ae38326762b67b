public protocol BookRepository: Sendable {
    func fetchBooks() async throws -> [Book]
    func search(_ query: String) async throws -> [Book]
}

public protocol LoanRepository: Sendable {
    func borrow(bookID: String, memberID: String) async throws -> Loan
    func returnBook(bookID: String) async throws
}

public protocol LendingClock: Sendable {
    func sleep(for duration: Duration) async throws
}

public struct SystemLendingClock: LendingClock {
    public init() {}
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

public actor BookCache {
    private var storage: [String: Book] = [:]
    public private(set) var hits = 0

    public init() {}

    public func book(id: String) -> Book? {
        guard let book = storage[id] else { return nil }
        hits += 1
        return book
    }

    public func store(_ books: [Book]) {
        for book in books { storage[book.id] = book }
    }

    public var count: Int { storage.count }

    public func clear() { storage.removeAll() }
}

public actor EventLog {
    public private(set) var events: [String] = []
    public init() {}
    public func append(_ event: String) { events.append(event) }
}
