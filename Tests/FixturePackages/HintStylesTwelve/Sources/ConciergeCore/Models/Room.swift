import Foundation

/// A physical room number such as 412 (floor 4, room 12).
public struct RoomNumber: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public let value: Int

    public init(_ value: Int) {
        self.value = value
    }

    public init(integerLiteral value: Int) {
        self.value = value
    }

    /// Floors are encoded in the hundreds digit(s): 1204 is on floor 12.
    public var floor: Int { value / 100 }

    public var description: String { String(value) }

    public static func < (lhs: RoomNumber, rhs: RoomNumber) -> Bool {
        lhs.value < rhs.value
    }
}

public enum RoomType: String, Sendable, CaseIterable, Codable {
    case king
    case doubleQueen
    case accessibleKing
    case suite

    public var displayName: String {
        switch self {
        case .king: return "King"
        case .doubleQueen: return "Double Queen"
        case .accessibleKing: return "Accessible King"
        case .suite: return "Suite"
        }
    }
}

/// Front-desk view of a room: who (if anyone) is in it and whether it can be sold.
public enum OccupancyStatus: Sendable, Equatable {
    case vacantClean
    case vacantDirty
    case occupied(reservationID: String)
    case outOfOrder(reason: String)

    public var isSellable: Bool { self == .vacantClean }
}

/// Housekeeping view of a room.
public enum CleaningStatus: String, Sendable, Equatable, CaseIterable {
    case dirty
    case cleaning
    case clean
    case inspected
    case outOfOrder
}

public struct Room: Sendable, Identifiable, Equatable {
    public let number: RoomNumber
    public let type: RoomType
    public var occupancy: OccupancyStatus
    public var nightlyRateCents: Int

    public var id: RoomNumber { number }

    public init(number: RoomNumber, type: RoomType, occupancy: OccupancyStatus = .vacantClean, nightlyRateCents: Int) {
        self.number = number
        self.type = type
        self.occupancy = occupancy
        self.nightlyRateCents = nightlyRateCents
    }
}
