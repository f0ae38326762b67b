import Foundation

public struct Fare: Hashable, Sendable {
    public let seat: SeatNumber
    public let amountCents: Int

    public init(seat: SeatNumber, amountCents: Int) {
        self.seat = seat
        self.amountCents = amountCents
    }
}

/// A cabin layout with occupancy and per-kind surcharges.
public struct SeatMap: Sendable {
    public private(set) var seats: [SeatNumber: Seat]
    public var surchargeCents: [SeatKind: Int]

    public init(seats: [Seat], surchargeCents: [SeatKind: Int] = [.extraLegroom: 3_500, .exitRow: 4_500]) {
        self.seats = Dictionary(uniqueKeysWithValues: seats.map { ($0.number, $0) })
        self.surchargeCents = surchargeCents
    }

    public func seat(_ number: SeatNumber) -> Seat? { seats[number] }

    public func price(for number: SeatNumber, baseCents: Int = 0) -> Int? {
        guard let seat = seats[number] else { return nil }
        return baseCents + (surchargeCents[seat.kind] ?? 0)
    }

    public var freeSeats: [SeatNumber] {
        seats.values.filter(\.isFree).map(\.number).sorted()
    }

    public enum OccupyError: Error, Equatable {
        case unknownSeat
        case taken(by: String)
    }

    public mutating func occupy(_ number: SeatNumber, by passengerID: String) throws {
        guard var seat = seats[number] else { throw OccupyError.unknownSeat }
        if let occupant = seat.occupant, occupant != passengerID { throw OccupyError.taken(by: occupant) }
        seat.occupant = passengerID
        seats[number] = seat
    }

    public mutating func release(_ number: SeatNumber) {
        seats[number]?.occupant = nil
    }
}

extension SeatMap {
    /// A small narrow-body layout used by the demo app: rows 10-16, ABC-DEF.
    public static func narrowBody() -> SeatMap {
        var seats: [Seat] = []
        for row in 10...16 {
            let kind: SeatKind = row == 12 ? .exitRow : (row == 10 ? .extraLegroom : .standard)
            for letter in "ABCDEF" {
                seats.append(Seat(number: SeatNumber(row: row, letter: letter), kind: kind))
            }
        }
        return SeatMap(seats: seats)
    }
}
