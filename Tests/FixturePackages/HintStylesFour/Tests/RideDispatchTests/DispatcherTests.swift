import RideDispatch
import XCTest

final class DispatcherTests: XCTestCase {
    func test_assignsNearestDriver() async throws {
        let dispatcher = Dispatcher(locator: StubDriverLocator(roster: [Fixtures.farDriver, Fixtures.nearDriver]))

        let assignment = try await dispatcher.requestRide(Fixtures.request())

        XCTAssertEqual(assignment.driverID, "drv-near")
        XCTAssertEqual(assignment.request.riderID, "rider-1")
    }

    func test_emptyRosterThrowsNoDrivers() async {
        let dispatcher = Dispatcher(locator: StubDriverLocator(roster: []))

        do {
            _ = try await dispatcher.requestRide(Fixtures.request())
            XCTFail("expected noDriversAvailable")
        } catch {
            XCTAssertEqual(error as? DispatchError, .noDriversAvailable)
        }
    }

    func test_slowLocatorStillAssigns() async throws {
        let dispatcher = Dispatcher(
            locator: SluggishDriverLocator(roster: [Fixtures.nearDriver], latency: .milliseconds(250))
        )

        let assignment = try await dispatcher.requestRide(Fixtures.request("rider-slow"))
        let committed = await dispatcher.committed

        XCTAssertEqual(assignment.driverID, "drv-near")
        XCTAssertEqual(committed.count, 1)
    }

    func test_concurrentRequestsGetDistinctDrivers() async throws {
        let dispatcher = Dispatcher(locator: StubDriverLocator(roster: [Fixtures.nearDriver, Fixtures.farDriver]))

        async let first = dispatcher.requestRide(Fixtures.request("rider-1"))
        async let second = dispatcher.requestRide(Fixtures.request("rider-2"))
        let assigned = try await Set([first.driverID, second.driverID])

        XCTAssertEqual(assigned, ["drv-near", "drv-far"])
    }

    func test_locatorQueriedOnRequest() async throws {
        let locator = SignallingDriverLocator(roster: [Fixtures.nearDriver])
        let dispatcher = Dispatcher(locator: locator)

        let ride = Task { try await dispatcher.requestRide(Fixtures.request()) }
        await locator.waitForRequest()

        let queried = await locator.requestCount
        XCTAssertEqual(queried, 1)
        _ = try await ride.value
    }

    func test_notifiesRiderOfAssignment() async throws {
        let notifier = RecordingNotifier()
        let dispatcher = Dispatcher(locator: StubDriverLocator(roster: [Fixtures.nearDriver]), notifier: notifier)

        _ = try await dispatcher.requestRide(Fixtures.request("rider-9"))

        let events = await notifier.log.events
        XCTAssertEqual(events, [
            .searching(riderID: "rider-9"),
            .driverAssigned(riderID: "rider-9", driverID: "drv-near"),
        ])
    }
}

/// Same scenarios, but with a rider grace window held on a virtual clock.
final class DispatcherTimeoutTests: XCTestCase {
    private func makeHeldDispatcher() -> (Dispatcher, ManualScheduler) {
        let scheduler = ManualScheduler()
        let dispatcher = Dispatcher(
            locator: StubDriverLocator(roster: [Fixtures.nearDriver, Fixtures.farDriver]),
            scheduler: scheduler,
            graceWindow: .seconds(10)
        )
        return (dispatcher, scheduler)
    }

    func test_assignsNearestDriver() async throws {
        let (dispatcher, scheduler) = makeHeldDispatcher()

        let pending = Task { try await dispatcher.requestRide(Fixtures.request()) }
        await scheduler.advance(by: .seconds(10))

        let committed = await dispatcher.committed
        XCTAssertEqual(committed.map(\.driverID), ["drv-near"])
        _ = try await pending.value
    }

    func test_matchHeldDuringGraceWindow() async throws {
        let (dispatcher, scheduler) = makeHeldDispatcher()

        let pending = Task { try await dispatcher.requestRide(Fixtures.request()) }
        await scheduler.advance(by: .seconds(4))

        let committedEarly = await dispatcher.committed
        XCTAssertTrue(committedEarly.isEmpty, "nothing commits before the window closes")

        await scheduler.advance(by: .seconds(6))
        let assignment = try await pending.value
        XCTAssertEqual(assignment.driverID, "drv-near")
    }
}

/// Every test in this class runs as if the request came from the north zone.
final class DispatcherRegionTests: XCTestCase {
    override func invokeTest() {
        RideContext.$region.withValue("north") {
            super.invokeTest()
        }
    }

    func test_assignsNearestDriver() async throws {
        let dispatcher = Dispatcher(locator: StubDriverLocator(roster: [Fixtures.nearDriver, Fixtures.farDriver]))

        let assignment = try await dispatcher.requestRide(Fixtures.request())

        XCTAssertEqual(assignment.driverID, "drv-far", "only north-zone drivers are eligible")
    }
}
