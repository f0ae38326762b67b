import ParkingKit
import Testing
import XCTest

// The same behaviour checked three ways; the meter team keeps all three
// because each one has caught a different regression.

final class MeterSessionSleepTests: XCTestCase {
    func testExtendPushesExpiryBack() async throws {
        let meter = MeterSession(sessionID: "S-100", allowance: .milliseconds(60), clock: ContinuousClock())
        await meter.startCountdown()
        await meter.extend(by: .milliseconds(300))

        try await Task.sleep(for: .milliseconds(150))

        let expired = await meter.isExpired
        XCTAssertFalse(expired, "an extended meter must not expire at the original deadline")
        await meter.cancel()
    }
}

final class MeterSessionClockTests: XCTestCase {
    private var clock: ManualClock!

    override func setUp() {
        super.setUp()
        clock = ManualClock()
    }

    func testExtendPushesExpiryBack() async {
        let meter = MeterSession(sessionID: "S-100", allowance: .seconds(30 * 60), clock: clock)
        await meter.startCountdown()
        await meter.extend(by: .seconds(30 * 60))

        for _ in 0..<45 {
            clock.advance(by: .seconds(60))
            await Task.yield()
        }
        var expired = await meter.isExpired
        XCTAssertFalse(expired)

        for _ in 0..<20 {
            clock.advance(by: .seconds(60))
            await Task.yield()
        }
        expired = await meter.isExpired
        XCTAssertTrue(expired)
    }
}

final class MeterSessionExpectationTests: XCTestCase {
    func testExtendPushesExpiryBack() async {
        let clock = ContinuousClock()
        let openedAt = clock.now
        let meter = MeterSession(sessionID: "S-100", allowance: .milliseconds(40), clock: clock)
        let expired = expectation(description: "meter expired")
        await meter.onExpire { expired.fulfill() }

        await meter.startCountdown()
        await meter.extend(by: .milliseconds(80))
        await fulfillment(of: [expired], timeout: 1.0)

        XCTAssertGreaterThanOrEqual(openedAt.duration(to: clock.now), .milliseconds(120))
    }
}

@Suite struct MeterSessionTests {
    @Test func backgroundExtensionIsRecorded() async {
        let meter = MeterSession(sessionID: "S-7", allowance: .seconds(3600), clock: ContinuousClock())

        meter.extendInBackground(by: .seconds(900))
        await Task.megaYield()

        #expect(await meter.extensions == [.seconds(900)])
    }
}
