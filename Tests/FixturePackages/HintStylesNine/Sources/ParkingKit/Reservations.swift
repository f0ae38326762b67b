import ParkingCore

public enum ReservationError: Error, Equatable {
    case zoneFull(ZoneID)
    case unknownZone(ZoneID)
}

public actor ZoneInventory {
    private var available: [ZoneID: Int]

    public init(capacity: [ZoneID: Int]) {
        self.available = capacity
    }

    public func available(in zone: ZoneID) -> Int {
        available[zone] ?? 0
    }

    func take(from zone: ZoneID) throws {
        guard let count = available[zone] else { throw ReservationError.unknownZone(zone) }
        guard count > 0 else { throw ReservationError.zoneFull(zone) }
        available[zone] = count - 1
    }

    func giveBack(to zone: ZoneID) {
        available[zone, default: 0] += 1
    }
}

public struct Reservation: Hashable, Sendable {
    public let id: Int
    public let plate: String
    public let zone: ZoneID
}

public actor ReservationDesk {
    private let inventory: ZoneInventory
    private var nextID = 1
    public private(set) var active: [Int: Reservation] = [:]

    public init(inventory: ZoneInventory) {
        self.inventory = inventory
    }

    public func reserve(plate: String, in zone: ZoneID) async throws -> Reservation {
        try await inventory.take(from: zone)
        let reservation = Reservation(id: nextID, plate: plate, zone: zone)
        nextID += 1
        active[reservation.id] = reservation
        return reservation
    }

    public func release(_ reservation: Reservation) async {
        guard active.removeValue(forKey: reservation.id) != nil else { return }
        await inventory.giveBack(to: reservation.zone)
    }

    /// Called from the "I've left" geofence callback.
    public nonisolated func releaseLater(_ reservation: Reservation) {
        Task {
            await self.release(reservation)
        }
    }
}
