/// One movement in the stock ledger.
public struct StockEntry: Hashable, Sendable {
    public let item: String
    public let delta: Int
    public let shift: Shift
    public let reason: String

    public init(item: String, delta: Int, shift: Shift, reason: String) {
        self.item = item
        self.delta = delta
        self.shift = shift
        self.reason = reason
    }
}

public struct LowStockAlert: Hashable, Sendable {
    public let item: String
    public let remaining: Int

    public init(item: String, remaining: Int) {
        self.item = item
        self.remaining = remaining
    }
}

public struct SupplierDelivery: Hashable, Sendable {
    public let supplier: String
    public let items: [String: Int]

    public init(supplier: String, items: [String: Int]) {
        self.supplier = supplier
        self.items = items
    }
}

public struct PrepItem: Hashable, Sendable {
    public let ingredient: String
    public let amount: Int

    public init(ingredient: String, amount: Int) {
        self.ingredient = ingredient
        self.amount = amount
    }
}

public struct PrepSummary: Hashable, Sendable {
    public let itemsPrepped: Int
    public let shortfalls: [String]

    public init(itemsPrepped: Int, shortfalls: [String]) {
        self.itemsPrepped = itemsPrepped
        self.shortfalls = shortfalls
    }
}
