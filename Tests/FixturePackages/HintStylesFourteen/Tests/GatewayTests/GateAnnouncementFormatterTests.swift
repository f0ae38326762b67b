import XCTest
import GatewayModel
import GatewayServices

final class GateAnnouncementFormatterTests: XCTestCase {
    private let change = GateChange(flight: "QX214", fromGate: "A3", toGate: "B22")

    func testFrenchDeskAnnouncesInFrench() {
        let formatter = GateAnnouncementFormatter()

        let text = CheckInContext.$language.withValue(.french) {
            formatter.announcement(for: change)
        }

        XCTAssertEqual(text, "Le vol QX214 part désormais de la porte B22.")
        XCTAssertEqual(formatter.announcement(for: change), "Flight QX214 now departs from gate B22.")
    }
}
