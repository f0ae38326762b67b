import Foundation

public struct BoardingPass: Hashable, Sendable {
    public let passengerID: String
    public let flight: FlightNumber
    public let seat: SeatNumber
    public var gate: String
    public let group: Int
    public let channel: IssueChannel
    public let deskID: String?

    public init(
        passengerID: String, flight: FlightNumber, seat: SeatNumber, gate: String,
        group: Int, channel: IssueChannel, deskID: String? = nil
    ) {
        self.passengerID = passengerID
        self.flight = flight
        self.seat = seat
        self.gate = gate
        self.group = group
        self.channel = channel
        self.deskID = deskID
    }
}

public struct CheckInRecord: Hashable, Sendable {
    public let passenger: Passenger
    public let flight: FlightNumber
    public let deskID: String?
    public let channel: IssueChannel

    public init(passenger: Passenger, flight: FlightNumber, deskID: String?, channel: IssueChannel) {
        self.passenger = passenger
        self.flight = flight
        self.deskID = deskID
        self.channel = channel
    }
}
