import GalleyModel

/// Deducts usage reported by the stations and raises alerts when an item runs low.
public actor StockWatcher {
    private let ledger: InventoryLedger
    private let thresholds: [String: Int]
    public private(set) var alerts: [LowStockAlert] = []

    public init(ledger: InventoryLedger, thresholds: [String: Int]) {
        self.ledger = ledger
        self.thresholds = thresholds
    }

    public nonisolated func recordUsage(of item: String, count: Int) {
        Task {
            await self.apply(item: item, count: count)
        }
    }

    private func apply(item: String, count: Int) async {
        let remaining = await ledger.deduct(item, count: count)
        if let threshold = thresholds[item], remaining < threshold {
            alerts.append(LowStockAlert(item: item, remaining: remaining))
        }
    }
}

/// The back door: supplier deliveries are checked in here.
public final class ReceivingDock: Sendable {
    private let ledger: InventoryLedger

    public init(ledger: InventoryLedger) {
        self.ledger = ledger
    }

    public func checkIn(_ delivery: SupplierDelivery) {
        let ledger = self.ledger
        let items = delivery.items.sorted { $0.key < $1.key }
        Task {
            for (item, count) in items {
                await ledger.restock(item, count: count)
            }
        }
    }
}
