import ConciergeCore
import Foundation

/// Revokes key cards when a stay ends so a lost card cannot open the door afterwards.
public actor KeyCardExpiryMonitor {
    private let scheduler: any DeskScheduler
    private var active: [String: KeyCard] = [:]
    private var revoked: Set<String> = []

    public init(scheduler: any DeskScheduler) {
        self.scheduler = scheduler
    }

    public func track(_ card: KeyCard, expiresAfter stay: Duration) {
        active[card.serial] = card
        let serial = card.serial
        scheduler.schedule(after: stay) { [weak self] in
            await self?.revoke(serial: serial)
        }
    }

    public func revoke(serial: String) {
        guard active.removeValue(forKey: serial) != nil else { return }
        revoked.insert(serial)
    }

    public func isRevoked(_ serial: String) -> Bool {
        revoked.contains(serial)
    }

    public var activeCardCount: Int { active.count }
}
