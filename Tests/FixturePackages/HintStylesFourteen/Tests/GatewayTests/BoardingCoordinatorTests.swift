import XCTest
import GatewayModel
import GatewayServices

final class BoardingCoordinatorTests: XCTestCase {
    func testClosingFlightIsAudited() async {
        let harness = BoardingHarness()

        await harness.coordinator.closeFlight(Fixtures.flight)

        let opsGracePeriod = expectation(description: "ops dashboard grace period")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(250)) {
            opsGracePeriod.fulfill()
        }
        await fulfillment(of: [opsGracePeriod], timeout: 2)

        let closed = await harness.audit.contains(prefix: "closed QX214")
        XCTAssertTrue(closed)
    }
}
