import Foundation

public enum OrderStatus: String, Sendable, Codable, CaseIterable {
    case placed
    case accepted
    case preparing
    case readyForPickup
    case pickedUp
    case delivered
    case cancelled

    public var isTerminal: Bool {
        self == .delivered || self == .cancelled
    }

    public func canTransition(to next: OrderStatus) -> Bool {
        switch (self, next) {
        case (.placed, .accepted),
             (.accepted, .preparing),
             (.preparing, .readyForPickup),
             (.readyForPickup, .pickedUp),
             (.pickedUp, .delivered):
            return true
        case (_, .cancelled):
            // Once the food is in the courier's bag it can only be delivered.
            return !isTerminal && self != .pickedUp
        default:
            return false
        }
    }

    public var displayName: String {
        switch self {
        case .placed: return "Placed"
        case .accepted: return "Accepted"
        case .preparing: return "In the kitchen"
        case .readyForPickup: return "Ready for pickup"
        case .pickedUp: return "On the way"
        case .delivered: return "Delivered"
        case .cancelled: return "Cancelled"
        }
    }
}

public enum KitchenStation: String, Sendable, Codable, CaseIterable {
    case grill
    case fryer
    case wok
    case salad
    case drinks
    case dessert
}

public struct LineItem: Hashable, Sendable, Codable {
    public var name: String
    public var quantity: Int
    public var unitPrice: Money
    public var station: KitchenStation
    public var notes: String?

    public init(name: String, quantity: Int, unitPrice: Money, station: KitchenStation, notes: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.station = station
        self.notes = notes
    }

    public var total: Money { unitPrice * quantity }
}

public struct InvalidTransition: Error, Equatable, Sendable {
    public let from: OrderStatus
    public let to: OrderStatus
}

public struct Order: Identifiable, Hashable, Sendable {
    public let id: OrderID
    public var customerID: CustomerID
    public var restaurantID: RestaurantID
    public var items: [LineItem]
    public var pickup: Coordinate
    public var dropoff: Coordinate
    public var tip: Money
    public var status: OrderStatus
    public var placedAt: Date

    public init(
        id: OrderID,
        customerID: CustomerID,
        restaurantID: RestaurantID,
        items: [LineItem],
        pickup: Coordinate,
        dropoff: Coordinate,
        tip: Money = .zero,
        status: OrderStatus = .placed,
        placedAt: Date = Date()
    ) {
        self.id = id
        self.customerID = customerID
        self.restaurantID = restaurantID
        self.items = items
        self.pickup = pickup
        self.dropoff = dropoff
        self.tip = tip
        self.status = status
        self.placedAt = placedAt
    }

    public var subtotal: Money {
        items.reduce(Money.zero) { $0 + $1.total }
    }

    public var itemCount: Int {
        items.reduce(0) { $0 + $1.quantity }
    }

    public func transitioned(to next: OrderStatus) throws -> Order {
        guard status.canTransition(to: next) else {
            throw InvalidTransition(from: status, to: next)
        }
        var copy = self
        copy.status = next
        return copy
    }
}

public enum OrderValidationError: Error, Equatable, Sendable {
    case emptyBasket
    case nonPositiveQuantity(item: String)
    case restaurantClosed(RestaurantID)
    case duplicateOrder(OrderID)
}
