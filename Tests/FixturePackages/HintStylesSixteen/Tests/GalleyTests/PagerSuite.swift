import GalleyModel
import GalleyServices
import Testing

@Suite struct PagerSuite {
    @Test func readyBellPagesTableOwner() async {
        let transport = RecordingPagerTransport()
        let pager = ServerPager(transport: transport)
        let bell = ReadyBell(pager: pager) { table in table < 10 ? "Dana" : "Luis" }

        bell.ring(for: Fixtures.ticket(12, .grill), table: 14)
        await KitchenPump.turnOver()

        let sent = await transport.transmitted
        #expect(sent == [PagerMessage(server: "Luis", text: "Ticket 12 up", tableNumber: 14)])
    }
}
