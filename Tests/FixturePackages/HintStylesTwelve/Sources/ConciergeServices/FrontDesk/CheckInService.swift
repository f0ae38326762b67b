import ConciergeCore
import Foundation

public struct CheckInReceipt: Sendable, Equatable {
    public let reservationID: String
    public let room: RoomNumber
    public let roomType: RoomType
}

public enum CheckInError: Error, Equatable {
    case noRoomAvailable(RoomType)
    case alreadyCheckedIn(String)
}

public actor CheckInService {
    private let inventory: RoomInventory
    private let audit: AuditTrail
    private let announcer: any ArrivalAnnouncing
    private var checkedIn: [String: RoomNumber] = [:]

    public init(inventory: RoomInventory, audit: AuditTrail, announcer: any ArrivalAnnouncing) {
        self.inventory = inventory
        self.audit = audit
        self.announcer = announcer
    }

    public func checkIn(_ reservation: Reservation) async throws -> CheckInReceipt {
        if checkedIn[reservation.id] != nil {
            throw CheckInError.alreadyCheckedIn(reservation.id)
        }
        guard let room = await inventory.assignRoom(ofType: reservation.roomType, to: reservation.id) else {
            throw CheckInError.noRoomAvailable(reservation.roomType)
        }
        checkedIn[reservation.id] = room.number

        let audit = self.audit
        let auditWrite = Task {
            await audit.record(.checkIn, room: room.number, detail: reservation.confirmationCode)
        }
        announcer.announceArrival(of: reservation.guest, in: room.number)
        // The audit row must exist before the guest leaves the desk.
        await auditWrite.value

        return CheckInReceipt(reservationID: reservation.id, room: room.number, roomType: room.type)
    }

    public func room(for reservationID: String) -> RoomNumber? {
        checkedIn[reservationID]
    }
}
