import Testing
import CourierModel
import CourierServices

@Suite struct IntakeFireAndForgetTests {
    @Test func quickReorderNeverDoublePrintsAStation() async {
        let store = InMemoryOrderStore()
        let printer = RecordingKitchenPrinter()
        let intake = OrderIntakeService(
            store: store,
            kitchen: KitchenTicketRouter(printer: printer),
            analytics: CourierAnalytics(sink: RecordingEventSink()),
            openRestaurants: [Fixtures.restaurant]
        )

        // "Order again" dismisses the sheet straight away; the kitchen catches up later.
        intake.submitInBackground(Fixtures.order("o-2101"))

        let printed = await printer.printed
        let stations = Set(printed.map(\.station))
        #expect(stations.count == printed.count)
        #expect(printed.allSatisfy { $0.orderID == OrderID("o-2101") })
    }
}
