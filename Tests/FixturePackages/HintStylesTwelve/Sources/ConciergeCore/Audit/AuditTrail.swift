import Foundation

public enum AuditKind: String, Sendable, Equatable {
    case checkIn
    case checkOut
    case keyIssued
    case keyRevoked
    case minibarPosted
}

public struct AuditEntry: Sendable, Equatable {
    public let kind: AuditKind
    public let room: RoomNumber
    public let operatorID: String
    public let detail: String

    public init(kind: AuditKind, room: RoomNumber, operatorID: String, detail: String) {
        self.kind = kind
        self.room = room
        self.operatorID = operatorID
        self.detail = detail
    }
}

/// Append-only record of desk operations, stamped with the operator on duty.
public actor AuditTrail {
    private var log: [AuditEntry] = []

    public init() {}

    public func record(_ kind: AuditKind, room: RoomNumber, detail: String) {
        log.append(AuditEntry(kind: kind, room: room, operatorID: DeskEnvironment.operatorID, detail: detail))
    }

    public func entries() -> [AuditEntry] {
        log
    }

    public func entries(for room: RoomNumber) -> [AuditEntry] {
        log.filter { $0.room == room }
    }
}
