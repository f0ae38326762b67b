public enum TicketStatus: String, Sendable, Hashable {
    case queued
    case cooking
    case holding
    case ready
    case bumped
}

/// A station's slice of an order, shown on that station's screen.
public struct Ticket: Hashable, Sendable, Identifiable {
    public let number: Int
    public let orderID: String
    public let station: Station
    public var lines: [OrderLine]
    public var status: TicketStatus

    public init(number: Int, orderID: String, station: Station, lines: [OrderLine], status: TicketStatus = .queued) {
        self.number = number
        self.orderID = orderID
        self.station = station
        self.lines = lines
        self.status = status
    }

    public var id: Int { number }
}
