import XCTest
import GatewayModel
import GatewayServices

final class BoardingPassViewModelTests: XCTestCase {
    @MainActor
    func testGateLabelShowsAfterRefresh() async {
        let stack = CheckInStack(gate: "B22")
        let viewModel = BoardingPassViewModel(service: stack.service, gates: stack.gates)

        viewModel.refreshGate(for: Fixtures.flight)
        await drainMainActor()

        XCTAssertEqual(viewModel.gateText, "Gate B22")
    }
}
