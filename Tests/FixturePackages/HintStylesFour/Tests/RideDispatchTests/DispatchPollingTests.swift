import RideDispatch
import Testing

@Suite("Dispatcher observed by polling")
struct DispatchPollingTests {
    @Test func locatorQueriedOnRequest() async throws {
        let locator = PollingDriverLocator(roster: [Fixtures.farDriver])
        let dispatcher = Dispatcher(locator: locator)

        let ride = Task { try await dispatcher.requestRide(Fixtures.request()) }
        await locator.waitForRequest()

        #expect(locator.requestCount == 1)
        let assignment = try await ride.value
        #expect(assignment.driverID == "drv-far")
    }
}
