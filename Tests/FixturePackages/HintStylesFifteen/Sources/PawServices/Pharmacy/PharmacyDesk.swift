import Foundation
import PawModel

/// The in-clinic pharmacy counter: refill intake plus the pharmacist's review queue.
public final class PharmacyDesk: Sendable {
    public let coordinator: RefillCoordinator
    public let reviewer: any RefillReviewing

    public init(coordinator: RefillCoordinator, reviewer: any RefillReviewing) {
        self.coordinator = coordinator
        self.reviewer = reviewer
    }

    /// Used at end of shift: returns once everything submitted has left for the pharmacy.
    public func quiesce() async {
        await coordinator.flush()
    }
}
