public struct Book: Sendable, Equatable, Identifiable {
    public let id: String
    public let title: String
    public var isAvailable: Bool

    public init(id: String, title: String, isAvailable: Bool = true) {
        self.id = id
        self.title = title
        self.isAvailable = isAvailable
    }
}

public struct Loan: Sendable, Equatable {
    public let bookID: String
    public let memberID: String
    public let dueDays: Int

    public init(bookID: String, memberID: String, dueDays: Int) {
        self.bookID = bookID
        self.memberID = memberID
        self.dueDays = dueDays
    }
}

public enum LendingError: Error, Equatable, Sendable {
    case network
    case notAvailable
}

public enum LendingContext {
    @TaskLocal public static var branchID: String = "main"
    @TaskLocal public static var memberID: String? = nil
}
