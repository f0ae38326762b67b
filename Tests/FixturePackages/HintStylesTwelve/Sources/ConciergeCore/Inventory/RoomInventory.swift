import Foundation

public struct OccupancySummary: Sendable, Equatable {
    public var occupied: Int
    public var vacantClean: Int
    public var vacantDirty: Int
    public var outOfOrder: Int

    public init(occupied: Int = 0, vacantClean: Int = 0, vacantDirty: Int = 0, outOfOrder: Int = 0) {
        self.occupied = occupied
        self.vacantClean = vacantClean
        self.vacantDirty = vacantDirty
        self.outOfOrder = outOfOrder
    }

    public var occupancyRate: Double {
        let total = occupied + vacantClean + vacantDirty
        return total == 0 ? 0 : Double(occupied) / Double(total)
    }
}

/// The sellable room inventory of the property.
public actor RoomInventory {
    private var rooms: [RoomNumber: Room]

    public init(rooms: [Room]) {
        self.rooms = Dictionary(uniqueKeysWithValues: rooms.map { ($0.number, $0) })
    }

    public func room(_ number: RoomNumber) -> Room? {
        rooms[number]
    }

    /// Assigns the lowest-numbered vacant, clean room of the requested type.
    public func assignRoom(ofType type: RoomType, to reservationID: String) -> Room? {
        let candidate = rooms.values
            .filter { $0.type == type && $0.occupancy.isSellable }
            .min { $0.number < $1.number }
        guard var room = candidate else { return nil }
        room.occupancy = .occupied(reservationID: reservationID)
        rooms[room.number] = room
        return room
    }

    public func release(_ number: RoomNumber) {
        rooms[number]?.occupancy = .vacantDirty
    }

    public func markClean(_ number: RoomNumber) {
        guard let room = rooms[number], room.occupancy == .vacantDirty else { return }
        rooms[number]?.occupancy = .vacantClean
    }

    public func markOutOfOrder(_ number: RoomNumber, reason: String) {
        rooms[number]?.occupancy = .outOfOrder(reason: reason)
    }

    public func occupancySummary() -> OccupancySummary {
        var summary = OccupancySummary()
        for room in rooms.values {
            switch room.occupancy {
            case .occupied: summary.occupied += 1
            case .vacantClean: summary.vacantClean += 1
            case .vacantDirty: summary.vacantDirty += 1
            case .outOfOrder: summary.outOfOrder += 1
            }
        }
        return summary
    }
}
