import ConciergeCore
import Foundation

/// Persistent log of door swipes, consulted by security after incidents.
public actor SwipeAuditLog {
    private var log: [SwipeAuditEntry] = []

    public init() {}

    public func append(_ entry: SwipeAuditEntry) {
        log.append(entry)
    }

    public func entries(for serial: String) -> [SwipeAuditEntry] {
        log.filter { $0.serial == serial }
    }

    public var count: Int { log.count }
}

/// Receives swipe events from door locks. Locks need an answer immediately,
/// so auditing happens off the hot path.
public final class DoorLockGateway: Sendable {
    private let validCards = Locked<[String: KeyCard]>([:])
    private let auditLog: SwipeAuditLog

    public init(auditLog: SwipeAuditLog) {
        self.auditLog = auditLog
    }

    public func register(_ card: KeyCard) {
        validCards.withLock { $0[card.serial] = card }
    }

    public func deregister(serial: String) {
        _ = validCards.withLock { $0.removeValue(forKey: serial) }
    }

    @discardableResult
    public func handleSwipe(serial: String, at door: RoomNumber, now: Date = Date()) -> SwipeResult {
        let card = validCards.withLock { $0[serial] }
        let result: SwipeResult
        if let card {
            if card.room != door {
                result = .denied(reason: "Card is for room \(card.room)")
            } else if !card.isValid(at: now) {
                result = .denied(reason: "Card expired")
            } else {
                result = .granted
            }
        } else {
            result = .denied(reason: "Unknown card")
        }

        let entry = SwipeAuditEntry(serial: serial, door: door, result: result, at: now)
        let log = auditLog
        Task.detached(priority: .utility) {
            await log.append(entry)
        }
        return result
    }
}
