/// A ledger of postings. `opening` shares its name with a helper of the tests (`OpeningTests.opening()`).
public struct Ledger: Sendable {
    public private(set) var entries: [Int] = []

    public init() {}

    /// The first posting: a property named like the tests' helper.
    public var opening: Int {
        entries.first ?? 0
    }

    public mutating func post(_ amount: Int) {
        entries.append(amount)
    }

    public func balance() -> Int {
        Rounding.total(entries)
    }
}
