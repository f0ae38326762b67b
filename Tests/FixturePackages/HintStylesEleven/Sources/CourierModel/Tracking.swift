import Foundation

/// A location fix reported by the courier's phone.
public struct TrackingPing: Hashable, Sendable {
    public var courierID: CourierID
    public var orderID: OrderID
    public var coordinate: Coordinate
    public var recordedAt: Date
    public var speedKmh: Double?

    public init(courierID: CourierID, orderID: OrderID, coordinate: Coordinate, recordedAt: Date, speedKmh: Double? = nil) {
        self.courierID = courierID
        self.orderID = orderID
        self.coordinate = coordinate
        self.recordedAt = recordedAt
        self.speedKmh = speedKmh
    }
}

public struct DeliveryEstimate: Hashable, Sendable {
    public var orderID: OrderID
    public var courierID: CourierID
    public var prepMinutes: Int
    public var courierArrivalMinutes: Int
    public var travelMinutes: Int
    public var handoffMinutes: Int

    public init(orderID: OrderID, courierID: CourierID, prepMinutes: Int, courierArrivalMinutes: Int, travelMinutes: Int, handoffMinutes: Int) {
        self.orderID = orderID
        self.courierID = courierID
        self.prepMinutes = prepMinutes
        self.courierArrivalMinutes = courierArrivalMinutes
        self.travelMinutes = travelMinutes
        self.handoffMinutes = handoffMinutes
    }

    /// The courier waits at the pass if they arrive before the food is ready.
    public var totalMinutes: Int {
        max(prepMinutes, courierArrivalMinutes) + travelMinutes + handoffMinutes
    }

    public func arrival(from start: Date) -> Date {
        start.addingTimeInterval(TimeInterval(totalMinutes * 60))
    }
}
