public struct LineItem: Sendable, Equatable {
    public var sku: String
    public var name: String
    public var unitPrice: Int
    public var quantity: Int

    public init(sku: String, name: String, unitPrice: Int, quantity: Int = 1) {
        self.sku = sku
        self.name = name
        self.unitPrice = unitPrice
        self.quantity = quantity
    }
}

public struct Order: Sendable, Equatable {
    public var id: String
    public var items: [LineItem]

    public init(id: String, items: [LineItem]) {
        self.id = id
        self.items = items
    }

    public var totalCents: Int { items.reduce(0) { $0 + $1.unitPrice * $1.quantity } }
}

public struct Receipt: Sendable, Equatable {
    public var orderID: String
    public var body: String

    public init(orderID: String, body: String) {
        self.orderID = orderID
        self.body = body
    }
}

public enum Money {
    public static func format(cents: Int) -> String {
        let dollars = cents / 100
        let rest = abs(cents % 100)
        return "$\(dollars)." + (rest < 10 ? "0\(rest)" : "\(rest)")
    }
}
