import ConciergeCore
import ConciergeServices
import Foundation

/// Shared sample data: a small city hotel with a handful of rooms and regular guests.
enum Fixtures {
    /// A fixed business day so date maths in tests never depends on the wall clock.
    static let arrivalDay = Date(timeIntervalSince1970: 1_773_446_400)

    static let amara = Guest(firstName: "Amara", lastName: "Okafor", tier: .gold, preferredChannel: .sms)
    static let tomasz = Guest(firstName: "Tomasz", lastName: "Wójcik", tier: .member, preferredChannel: .tvPortal)
    static let priya = Guest(firstName: "Priya", lastName: "Raman", tier: .platinum, preferredChannel: .app)
    static let luis = Guest(firstName: "Luis", lastName: "Alvarez", tier: .silver, preferredChannel: .email)

    static let kingRateCents = 24_900

    static func reservation(_ code: String, guest: Guest, type: RoomType, nights: Int = 2) -> Reservation {
        Reservation(confirmationCode: code, guest: guest, roomType: type, arrival: arrivalDay, nights: nights)
    }

    static func standardRooms() -> [Room] {
        [
            Room(number: 101, type: .king, nightlyRateCents: kingRateCents),
            Room(number: 102, type: .king, nightlyRateCents: kingRateCents),
            Room(number: 103, type: .doubleQueen, occupancy: .occupied(reservationID: "CNC-0990"), nightlyRateCents: 21_900),
            Room(number: 104, type: .accessibleKing, nightlyRateCents: kingRateCents),
            Room(number: 201, type: .doubleQueen, nightlyRateCents: 21_900),
            Room(number: 204, type: .king, occupancy: .vacantDirty, nightlyRateCents: kingRateCents),
            Room(number: 301, type: .king, occupancy: .occupied(reservationID: "CNC-0991"), nightlyRateCents: kingRateCents),
            Room(number: 305, type: .suite, nightlyRateCents: 48_000),
            Room(number: 412, type: .king, nightlyRateCents: kingRateCents),
        ]
    }

    static func makeInventory() -> RoomInventory {
        RoomInventory(rooms: standardRooms())
    }

    static func twoNightStay(room: RoomNumber) -> [Charge] {
        [
            Charge(room: room, description: "Room night 1", amountCents: kingRateCents, category: .roomNight),
            Charge(room: room, description: "Room night 2", amountCents: kingRateCents, category: .roomNight),
            Charge(room: room, description: MinibarItem.sparklingWater.name, amountCents: MinibarItem.sparklingWater.priceCents, category: .minibar),
        ]
    }
}
