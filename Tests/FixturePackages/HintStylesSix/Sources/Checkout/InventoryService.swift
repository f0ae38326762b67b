public struct Hold: Sendable, Equatable, Hashable {
    public var sku: String
    public var quantity: Int
    public init(sku: String, quantity: Int) {
        self.sku = sku
        self.quantity = quantity
    }
}

public enum InventoryError: Error, Equatable {
    case insufficientStock(String)
}

public protocol StockLedger: Sendable {
    func recordReservation(_ hold: Hold)
    func recordRelease(_ hold: Hold)
}

public actor InventoryService {
    private var stock: [String: Int]
    private let ledger: any StockLedger

    public init(stock: [String: Int], ledger: any StockLedger) {
        self.stock = stock
        self.ledger = ledger
    }

    public func reserve(sku: String, quantity: Int) throws -> Hold {
        let available = stock[sku, default: 0]
        guard available >= quantity else { throw InventoryError.insufficientStock(sku) }
        stock[sku] = available - quantity
        let hold = Hold(sku: sku, quantity: quantity)
        ledger.recordReservation(hold)
        return hold
    }

    public func release(_ hold: Hold) {
        stock[hold.sku, default: 0] += hold.quantity
        ledger.recordRelease(hold)
    }

    public func available(sku: String) -> Int {
        stock[sku, default: 0]
    }
}
