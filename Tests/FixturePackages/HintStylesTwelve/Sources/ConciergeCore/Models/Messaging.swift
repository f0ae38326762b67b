import Foundation

public enum MessageDirection: String, Sendable, Equatable {
    case outbound
    case inbound
}

public struct GuestMessage: Sendable, Equatable, Identifiable {
    public let id: UUID
    public let room: RoomNumber
    public let body: String
    public let channel: MessageChannel
    public let direction: MessageDirection

    public init(id: UUID = UUID(), room: RoomNumber, body: String, channel: MessageChannel, direction: MessageDirection = .outbound) {
        self.id = id
        self.room = room
        self.body = body
        self.channel = channel
        self.direction = direction
    }

    private static let escalationKeywords = ["urgent", "leak", "locked out", "smoke", "emergency"]

    /// Inbound messages the night manager must see immediately.
    public var needsEscalation: Bool {
        guard direction == .inbound else { return false }
        let lowered = body.lowercased()
        return Self.escalationKeywords.contains { lowered.contains($0) }
    }

    public static func welcome(for guest: Guest, room: RoomNumber) -> GuestMessage {
        let perk = guest.tier >= .gold ? " Your complimentary breakfast is included." : ""
        return GuestMessage(
            room: room,
            body: "Welcome, \(guest.firstName)! Room \(room) is ready.\(perk)",
            channel: guest.preferredChannel
        )
    }
}

public enum DeliveryStatus: Sendable, Equatable {
    case delivered
    case failed(reason: String)
}

public struct DeliveryReceipt: Sendable, Equatable {
    public let messageID: UUID
    public let room: RoomNumber
    public let status: DeliveryStatus

    public init(messageID: UUID, room: RoomNumber, status: DeliveryStatus) {
        self.messageID = messageID
        self.room = room
        self.status = status
    }
}
