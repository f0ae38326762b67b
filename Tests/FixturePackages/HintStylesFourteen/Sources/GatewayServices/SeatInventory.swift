import Foundation
import GatewayModel

/// Owns the live seat map for a flight.
public actor SeatInventory {
    private var map: SeatMap

    public init(map: SeatMap = .narrowBody()) {
        self.map = map
    }

    @discardableResult
    public func assign(_ seat: SeatNumber, to passengerID: String) throws -> Seat {
        try map.occupy(seat, by: passengerID)
        return map.seat(seat)!
    }

    public func release(_ seat: SeatNumber) {
        map.release(seat)
    }

    public func occupant(of seat: SeatNumber) -> String? {
        map.seat(seat)?.occupant
    }

    public var freeSeats: [SeatNumber] { map.freeSeats }
}
