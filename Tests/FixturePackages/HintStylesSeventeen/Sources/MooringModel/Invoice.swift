import Foundation

public struct InvoiceLine: Hashable, Sendable {
    public let description: String
    public let amountPence: Int

    public init(_ description: String, amountPence: Int) {
        self.description = description
        self.amountPence = amountPence
    }
}

public struct Invoice: Hashable, Sendable {
    public let number: String
    public let boatName: String
    public let lines: [InvoiceLine]

    public init(number: String, boatName: String, lines: [InvoiceLine]) {
        self.number = number
        self.boatName = boatName
        self.lines = lines
    }

    public var totalPence: Int { lines.reduce(0) { $0 + $1.amountPence } }

    public static func formatPounds(_ pence: Int) -> String {
        "£\(pence / 100)." + String(format: "%02d", pence % 100)
    }
}
