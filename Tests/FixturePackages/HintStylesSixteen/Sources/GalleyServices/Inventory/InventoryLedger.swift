import GalleyModel

/// Stock on hand, with an audit trail of every movement.
public actor InventoryLedger {
    private var counts: [String: Int]
    public private(set) var entries: [StockEntry] = []

    public init(opening: [String: Int]) {
        self.counts = opening
    }

    public func count(of item: String) -> Int {
        counts[item, default: 0]
    }

    /// Removes stock and returns what is left. The entry is attributed to the current shift.
    @discardableResult
    public func deduct(_ item: String, count: Int, reason: String = "usage") -> Int {
        counts[item, default: 0] -= count
        entries.append(StockEntry(item: item, delta: -count, shift: ShiftContext.current, reason: reason))
        return counts[item, default: 0]
    }

    public func restock(_ item: String, count: Int) {
        counts[item, default: 0] += count
        entries.append(StockEntry(item: item, delta: count, shift: ShiftContext.current, reason: "restock"))
    }

    /// Used by the walk-in scanner, which cannot wait on the ledger.
    public nonisolated func restockInBackground(_ item: String, count: Int) {
        Task {
            await self.restock(item, count: count)
        }
    }
}
