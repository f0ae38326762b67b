import Lending

extension Book {
    static let samples = [
        Book(id: "b1", title: "Dune"),
        Book(id: "b2", title: "The Hobbit"),
    ]
}

final class FakeBookRepository: BookRepository, Sendable {
    private struct State {
        var books: [Book]
        var fetchCount = 0
        var searchCount = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state: Locked<State>
    private let suspendsFetch: Bool
    private let failure: LendingError?
    private let onFetch: (@Sendable () -> Void)?
    let fetchStarted = Signal()

    init(
        books: [Book] = Book.samples,
        suspendsFetch: Bool = false,
        failure: LendingError? = nil,
        onFetch: (@Sendable () -> Void)? = nil
    ) {
        self.state = Locked(State(books: books))
        self.suspendsFetch = suspendsFetch
        self.failure = failure
        self.onFetch = onFetch
    }

    var fetchCount: Int { state.current.fetchCount }
    var searchCount: Int { state.current.searchCount }

    func replaceBooks(_ books: [Book]) {
        state.withLock { $0.books = books }
    }

    func fetchBooks() async throws -> [Book] {
        state.withLock { $0.fetchCount += 1 }
        onFetch?()
        fetchStarted.fire()
        if suspendsFetch {
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                state.withLock { $0.waiters.append(c) }
            }
        }
        if let failure { throw failure }
        return state.current.books
    }

    func search(_ query: String) async throws -> [Book] {
        state.withLock { s in
            s.searchCount += 1
            return s.books.filter { $0.title.lowercased().contains(query.lowercased()) }
        }
    }

    /// Lets every suspended `fetchBooks()` call continue.
    func resume() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            let w = s.waiters
            s.waiters = []
            return w
        }
        waiters.forEach { $0.resume() }
    }
}

final class FakeLoanRepository: LoanRepository, Sendable {
    private struct State {
        var failuresRemaining: Int
        var borrowCalls = 0
        var returnedIDs: [String] = []
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state: Locked<State>
    private let delay: Duration?
    private let suspendsReturns: Bool

    init(failuresBeforeSuccess: Int = 0, delay: Duration? = nil, suspendsReturns: Bool = false) {
        self.state = Locked(State(failuresRemaining: failuresBeforeSuccess))
        self.delay = delay
        self.suspendsReturns = suspendsReturns
    }

    var borrowCalls: Int { state.current.borrowCalls }
    var returnedIDs: [String] { state.current.returnedIDs }

    func borrow(bookID: String, memberID: String) async throws -> Loan {
        if let delay { try await Task.sleep(for: delay) }
        let shouldFail = state.withLock { s -> Bool in
            s.borrowCalls += 1
            if s.failuresRemaining > 0 {
                s.failuresRemaining -= 1
                return true
            }
            return false
        }
        if shouldFail { throw LendingError.network }
        return Loan(bookID: bookID, memberID: memberID, dueDays: 21)
    }

    func returnBook(bookID: String) async throws {
        if suspendsReturns {
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                state.withLock { $0.waiters.append(c) }
            }
        }
        state.withLock { $0.returnedIDs.append(bookID) }
    }

    /// Lets every suspended `returnBook(bookID:)` call continue.
    func resume() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            let w = s.waiters
            s.waiters = []
            return w
        }
        waiters.forEach { $0.resume() }
    }
}
