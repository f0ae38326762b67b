import Foundation

/// One printed slip for one kitchen station.
public struct KitchenTicket: Hashable, Sendable, Identifiable {
    public let orderID: OrderID
    public let station: KitchenStation
    public let sequence: Int
    public let lines: [String]

    public init(orderID: OrderID, station: KitchenStation, sequence: Int, lines: [String]) {
        self.orderID = orderID
        self.station = station
        self.sequence = sequence
        self.lines = lines
    }

    public var id: String { "\(orderID)-\(station.rawValue)" }
}
