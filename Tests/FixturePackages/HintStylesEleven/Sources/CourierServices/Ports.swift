import Foundation
import CourierModel

// MARK: - Orders

public protocol OrderStore: Sendable {
    func save(_ order: Order) async
    func order(_ id: OrderID) async -> Order?
    func allOrders() async -> [Order]
}

extension OrderStore {
    /// Loads, mutates and saves an order. Returns the updated order, or nil if unknown.
    @discardableResult
    public func updateStatus(_ id: OrderID, to status: OrderStatus) async -> Order? {
        guard var order = await order(id) else { return nil }
        order.status = status
        await save(order)
        return order
    }

    public func orders(in status: OrderStatus) async -> [Order] {
        await allOrders().filter { $0.status == status }
    }
}

public actor InMemoryOrderStore: OrderStore {
    private var orders: [OrderID: Order]
    private var insertionOrder: [OrderID]

    public init(_ seed: [Order] = []) {
        var byID: [OrderID: Order] = [:]
        for order in seed {
            byID[order.id] = order
        }
        self.orders = byID
        self.insertionOrder = seed.map(\.id)
    }

    public func save(_ order: Order) {
        if orders[order.id] == nil {
            insertionOrder.append(order.id)
        }
        orders[order.id] = order
    }

    public func order(_ id: OrderID) -> Order? {
        orders[id]
    }

    public func allOrders() -> [Order] {
        insertionOrder.compactMap { orders[$0] }
    }
}

// MARK: - Kitchen

public protocol KitchenPrinting: Sendable {
    func printTicket(_ ticket: KitchenTicket) async throws
}

// MARK: - Couriers

public protocol CourierDirectory: Sendable {
    func availableCouriers() async -> [Courier]
    func setAvailability(_ isAvailable: Bool, for courier: CourierID) async
    func courier(_ id: CourierID) async -> Courier?
}

public actor InMemoryCourierDirectory: CourierDirectory {
    private var couriers: [Courier]

    public init(_ couriers: [Courier] = []) {
        self.couriers = couriers
    }

    public func availableCouriers() -> [Courier] {
        couriers.filter(\.isAvailable)
    }

    public func setAvailability(_ isAvailable: Bool, for id: CourierID) {
        guard let index = couriers.firstIndex(where: { $0.id == id }) else { return }
        couriers[index].isAvailable = isAvailable
    }

    public func courier(_ id: CourierID) -> Courier? {
        couriers.first { $0.id == id }
    }

    public func upsert(_ courier: Courier) {
        if let index = couriers.firstIndex(where: { $0.id == courier.id }) {
            couriers[index] = courier
        } else {
            couriers.append(courier)
        }
    }
}

// MARK: - Notifications

public protocol CourierNotifying: Sendable {
    func notify(_ courier: CourierID, message: String) async
}

public protocol CustomerNotifying: Sendable {
    func notify(_ customer: CustomerID, message: String) async
}

public protocol ReceiptMailing: Sendable {
    func send(_ receipt: Receipt, to customer: CustomerID) async throws
}

// MARK: - Tracking

/// Snaps raw GPS fixes onto the road network (a remote map-matching call in production).
public protocol RoadSnapping: Sendable {
    func snap(_ coordinate: Coordinate) async -> Coordinate
}

public struct PassthroughRoadSnapper: RoadSnapping {
    public init() {}

    public func snap(_ coordinate: Coordinate) async -> Coordinate {
        coordinate
    }
}
