import GalleyModel

/// Runs the pre-shift prep list against the ledger.
public actor PrepPlanner {
    private let ledger: InventoryLedger
    public private(set) var lastSummary: PrepSummary?

    public init(ledger: InventoryLedger) {
        self.ledger = ledger
    }

    /// Starts prepping and hands back the task so the caller can show progress or wait.
    public func startShiftPrep(_ list: [PrepItem]) -> Task<PrepSummary, Never> {
        let ledger = self.ledger
        return Task {
            var prepped = 0
            var shortfalls: [String] = []
            for item in list {
                let remaining = await ledger.deduct(item.ingredient, count: item.amount, reason: "prep")
                if remaining < 0 {
                    shortfalls.append(item.ingredient)
                } else {
                    prepped += 1
                }
            }
            let summary = PrepSummary(itemsPrepped: prepped, shortfalls: shortfalls)
            self.lastSummary = summary
            return summary
        }
    }
}
