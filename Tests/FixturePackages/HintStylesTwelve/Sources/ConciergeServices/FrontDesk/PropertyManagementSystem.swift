import ConciergeCore
import Foundation

/// The hotel's system of record (reservations, folios, availability).
public protocol PropertyManagementSystem: Sendable {
    func uploadFolio(_ folio: Folio) async throws
    func lateCheckoutAvailability(room: RoomNumber, untilHour: Int) async -> Bool
}

public extension PropertyManagementSystem {
    /// Properties without a same-day-arrival feed allow late checkout until 1pm.
    func lateCheckoutAvailability(room: RoomNumber, untilHour: Int) async -> Bool {
        untilHour <= 13
    }
}

public protocol ArrivalsProviding: Sendable {
    func arrivals(on date: Date) async -> [Reservation]
}
