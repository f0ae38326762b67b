import Testing
import CourierModel
import CourierServices

@Suite struct KitchenTicketRoutingTests {
    @Test func splitsItemsByStationInMenuOrder() async throws {
        let printer = RecordingKitchenPrinter()
        let router = KitchenTicketRouter(printer: printer, startingSequence: 41)
        let mapoTofu = LineItem(name: "Mapo Tofu", quantity: 1, unitPrice: Money(cents: 1_400), station: .wok, notes: "no pork")
        let order = Fixtures.order("o-3001", items: [Fixtures.jasmineIcedTea, Fixtures.danDanNoodles, Fixtures.saltPepperFries, mapoTofu])

        let tickets = try await router.route(order)

        let expectedStations: [KitchenStation] = [.fryer, .wok, .drinks]
        #expect(tickets.map(\.station) == expectedStations)
        #expect(tickets.map(\.sequence) == [41, 42, 43])
        let wokTicket = try #require(tickets.first { $0.station == .wok })
        #expect(wokTicket.lines == ["2x Dan Dan Noodles", "1x Mapo Tofu (no pork)"])
    }
}
