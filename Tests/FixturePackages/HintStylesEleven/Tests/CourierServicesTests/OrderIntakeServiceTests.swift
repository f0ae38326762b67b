import XCTest
import CourierModel
import CourierServices

final class OrderIntakeServiceTests: XCTestCase {
    private func makeIntake(
        store: InMemoryOrderStore = InMemoryOrderStore(),
        printer: RecordingKitchenPrinter = RecordingKitchenPrinter(),
        sink: any EventSink = RecordingEventSink()
    ) -> OrderIntakeService {
        OrderIntakeService(
            store: store,
            kitchen: KitchenTicketRouter(printer: printer),
            analytics: CourierAnalytics(sink: sink),
            openRestaurants: [Fixtures.restaurant]
        )
    }

    func testSubmitStoresOrderAsPreparing() async throws {
        let store = InMemoryOrderStore()
        let printer = RecordingKitchenPrinter()
        let intake = makeIntake(store: store, printer: printer)

        let tickets = try await intake.submit(Fixtures.order("o-2001"))

        let stored = await store.order("o-2001")
        XCTAssertEqual(stored?.status, .preparing)
        XCTAssertEqual(tickets.map(\.station), [.fryer, .wok, .drinks])
        let printed = await printer.printed
        XCTAssertEqual(printed, tickets)
        let submitted = await intake.submittedCount
        XCTAssertEqual(submitted, 1)
    }

    func testValidationRejectsEmptyBasket() {
        let intake = makeIntake()

        XCTAssertThrowsError(try intake.validate(Fixtures.order("o-2002", items: []))) { error in
            XCTAssertEqual(error as? OrderValidationError, .emptyBasket)
        }
        XCTAssertThrowsError(try intake.validate(Fixtures.order("o-2003", restaurant: Fixtures.closedRestaurant))) { error in
            XCTAssertEqual(error as? OrderValidationError, .restaurantClosed(Fixtures.closedRestaurant))
        }
        XCTAssertNoThrow(try intake.validate(Fixtures.order("o-2004")))
    }
}
