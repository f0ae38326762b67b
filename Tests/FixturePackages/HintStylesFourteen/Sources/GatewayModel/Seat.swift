import Foundation

public struct SeatNumber: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let row: Int
    public let letter: Character

    public init(row: Int, letter: Character) {
        self.row = row
        self.letter = letter
    }

    public init(stringLiteral value: String) {
        self.init(row: Int(value.dropLast()) ?? 0, letter: value.last ?? "A")
    }

    public var description: String { "\(row)\(letter)" }

    public static func < (lhs: SeatNumber, rhs: SeatNumber) -> Bool {
        (lhs.row, String(lhs.letter)) < (rhs.row, String(rhs.letter))
    }
}

public enum SeatKind: Sendable {
    case standard
    case extraLegroom
    case exitRow
}

public struct Seat: Hashable, Sendable {
    public let number: SeatNumber
    public let kind: SeatKind
    public var occupant: String?

    public init(number: SeatNumber, kind: SeatKind = .standard, occupant: String? = nil) {
        self.number = number
        self.kind = kind
        self.occupant = occupant
    }

    public var isFree: Bool { occupant == nil }
}
