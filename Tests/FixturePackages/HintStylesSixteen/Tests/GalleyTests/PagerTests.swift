import GalleyModel
import GalleyServices
import XCTest

final class PagerTests: XCTestCase {
    func testPageReachesServer() async {
        let transport = RecordingPagerTransport()
        let pager = ServerPager(transport: transport)

        pager.page(server: "Dana", text: "Table 4 up", table: 4)
        await letPagerSettle()

        let sent = await transport.transmitted
        XCTAssertEqual(sent.map(\.server), ["Dana"])
    }

    @MainActor
    func testSendAllPendingTransmitsBatch() async {
        let transport = RecordingPagerTransport()
        let panel = PagerPanelModel(pager: ServerPager(transport: transport))
        panel.queue(PagerMessage(server: "Dana", text: "Table 4 up", tableNumber: 4))
        panel.queue(PagerMessage(server: "Luis", text: "Table 9 up", tableNumber: 9))

        panel.sendAllPending()

        let sent = await transport.transmitted
        XCTAssertEqual(sent.count, 2)
    }
}
