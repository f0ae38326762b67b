import XCTest
import IrrigationCore
import IrrigationKit

final class AlertInboxTests: XCTestCase {
    @MainActor
    func testMarkAllReadEmptiesInboxAfterThreeYields() async {
        let inbox = AlertInbox()
        inbox.receive(sampleAlert(.drySpell(ZoneID(2))))
        inbox.receive(sampleAlert(.sensorOffline(ZoneID(5)), severity: .info))

        inbox.markAllRead()
        for _ in 0..<3 {
            await Task.yield()
        }

        XCTAssertTrue(inbox.unread.isEmpty)
        XCTAssertEqual(inbox.archived.count, 2)
    }
}
