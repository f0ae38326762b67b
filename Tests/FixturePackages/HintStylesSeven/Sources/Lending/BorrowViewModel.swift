@MainActor
public final class BorrowViewModel {
    public private(set) var loan: Loan?
    public private(set) var attempts = 0
    public private(set) var status = "idle"

    private let repository: LoanRepository
    private let maxAttempts: Int
    private let sleep: @Sendable (Duration) async throws -> Void

    public init(
        repository: LoanRepository,
        maxAttempts: Int = 3,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.repository = repository
        self.maxAttempts = maxAttempts
        self.sleep = sleep
    }

    public func borrow(bookID: String) async {
        let member = LendingContext.memberID ?? "guest"
        status = "borrowing"
        for attempt in 1...maxAttempts {
            attempts = attempt
            do {
                loan = try await repository.borrow(bookID: bookID, memberID: member)
                status = "borrowed"
                return
            } catch {
                if attempt < maxAttempts {
                    try? await sleep(.milliseconds(100 * attempt))
                }
            }
        }
        status = "failed"
    }
}

@MainActor
public final class ReturnViewModel {
    public private(set) var isConfirmationPresented = false
    public private(set) var returnedBookIDs: [String] = []

    private let repository: LoanRepository
    private var confirmation: CheckedContinuation<Bool, Never>?

    public init(repository: LoanRepository) {
        self.repository = repository
    }

    public func requestReturn(bookID: String) async {
        let confirmed = await withCheckedContinuation { continuation in
            confirmation = continuation
            isConfirmationPresented = true
        }
        isConfirmationPresented = false
        guard confirmed else { return }
        try? await repository.returnBook(bookID: bookID)
        returnedBookIDs.append(bookID)
    }

    public func confirm(_ answer: Bool) {
        confirmation?.resume(returning: answer)
        confirmation = nil
    }
}
