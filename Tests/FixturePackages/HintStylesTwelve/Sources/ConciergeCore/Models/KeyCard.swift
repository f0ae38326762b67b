import Foundation

public struct KeyCard: Sendable, Equatable, Identifiable {
    public let serial: String
    public let room: RoomNumber
    public let holder: String
    public let validUntil: Date

    public var id: String { serial }

    public init(serial: String, room: RoomNumber, holder: String, validUntil: Date) {
        self.serial = serial
        self.room = room
        self.holder = holder
        self.validUntil = validUntil
    }

    public func isValid(at date: Date) -> Bool {
        date < validUntil
    }
}

public enum SwipeResult: Sendable, Equatable {
    case granted
    case denied(reason: String)
}

public struct SwipeAuditEntry: Sendable, Equatable {
    public let serial: String
    public let door: RoomNumber
    public let result: SwipeResult
    public let at: Date

    public init(serial: String, door: RoomNumber, result: SwipeResult, at: Date) {
        self.serial = serial
        self.door = door
        self.result = result
        self.at = at
    }
}
