/// Where an order came from: a table in the dining room or a delivery app.
public enum OrderSource: Hashable, Sendable {
    case table(Int)
    case delivery(app: String, reference: String)

    public var isDineIn: Bool {
        if case .table = self { return true }
        return false
    }
}

public struct OrderLine: Hashable, Sendable {
    public let dish: Dish
    public var quantity: Int
    public var notes: String?

    public init(dish: Dish, quantity: Int = 1, notes: String? = nil) {
        self.dish = dish
        self.quantity = quantity
        self.notes = notes
    }

    public var lineTotalCents: Int { dish.priceCents * quantity }
}

public struct Order: Hashable, Sendable, Identifiable {
    public let id: String
    public let source: OrderSource
    public var lines: [OrderLine]

    public init(id: String, source: OrderSource, lines: [OrderLine]) {
        self.id = id
        self.source = source
        self.lines = lines
    }

    public var subtotalCents: Int { lines.reduce(0) { $0 + $1.lineTotalCents } }
}
