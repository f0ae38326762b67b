import Foundation
import GatewayModel
import GatewayServices

/// The gate agent's boarding screen with fake gate displays behind it.
struct BoardingHarness {
    let feed = RecordingGateFeed()
    let audit = AuditTrail()
    let coordinator: BoardingCoordinator

    init() {
        coordinator = BoardingCoordinator(feed: feed, audit: audit)
    }

    func settleEverything() async {
        await coordinator.quiesce()
    }
}
