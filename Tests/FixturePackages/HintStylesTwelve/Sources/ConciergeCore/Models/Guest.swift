import Foundation

public enum LoyaltyTier: String, Sendable, Comparable, CaseIterable {
    case member
    case silver
    case gold
    case platinum

    private var rank: Int {
        switch self {
        case .member: return 0
        case .silver: return 1
        case .gold: return 2
        case .platinum: return 3
        }
    }

    public static func < (lhs: LoyaltyTier, rhs: LoyaltyTier) -> Bool {
        lhs.rank < rhs.rank
    }
}

public enum MessageChannel: String, Sendable, Equatable {
    case sms
    case tvPortal
    case app
    case email
}

public struct Guest: Sendable, Equatable, Identifiable {
    public let id: UUID
    public var firstName: String
    public var lastName: String
    public var tier: LoyaltyTier
    public var preferredChannel: MessageChannel

    public init(id: UUID = UUID(), firstName: String, lastName: String, tier: LoyaltyTier = .member, preferredChannel: MessageChannel = .sms) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.tier = tier
        self.preferredChannel = preferredChannel
    }

    public var fullName: String { "\(firstName) \(lastName)" }
}

public struct Reservation: Sendable, Equatable, Identifiable {
    public let confirmationCode: String
    public var guest: Guest
    public var roomType: RoomType
    public var arrival: Date
    public var nights: Int

    public var id: String { confirmationCode }

    public init(confirmationCode: String, guest: Guest, roomType: RoomType, arrival: Date, nights: Int) {
        self.confirmationCode = confirmationCode
        self.guest = guest
        self.roomType = roomType
        self.arrival = arrival
        self.nights = nights
    }

    /// Departure day at the given checkout hour (hotel local time is modelled as UTC).
    public func departure(atHour hour: Int = 11) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let startOfArrival = calendar.startOfDay(for: arrival)
        let departureDay = calendar.date(byAdding: .day, value: nights, to: startOfArrival) ?? arrival
        return calendar.date(byAdding: .hour, value: hour, to: departureDay) ?? departureDay
    }
}
