import XCTest

final class LoaderXCTests: XCTestCase {
    func testContinuationInAFake() async {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        await loader.waitForRequest()
        let requests = await loader.requests
        XCTAssertEqual(requests, 1)
    }

    func testContinuationInTheTest() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume() }
        }
    }

    func testYield() async {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        await Task.yield()
        let requests = await loader.requests
        XCTAssertEqual(requests, 1)
    }

    func testSleepInAHelper() async throws {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        try await pause()
        let requests = await loader.requests
        XCTAssertEqual(requests, 1)
    }

    func testThreadSleep() {
        var done = false
        DispatchQueue.global().async { done = true }
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertTrue(done)
    }

    func testAsyncAfter() {
        let expectation = expectation(description: "later")
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { expectation.fulfill() }
        wait(for: [expectation], timeout: 1)
    }

    func testPlain() {
        XCTAssertEqual(2 * 2, 4)
    }
}

final class TrackerXCTests: XCTestCase {
    func testFireAndForget() async {
        let tracker = FireAndForgetTracker()
        tracker.track()
        let tracked = await tracker.tracked
        XCTAssertEqual(tracked, 1)
    }

    func testCountingTrackerNeverFires() async {
        let tracker = CountingTracker()
        await tracker.record()
        let tracked = await tracker.tracked
        XCTAssertEqual(tracked, 1)
    }

    func testExtensionFiresATask() async {
        let loader = FakeLoader()
        await loader.loadSoon()
        let requests = await loader.requests
        XCTAssertEqual(requests, 1)
    }

    func testClockInAHelper() {
        let clock = ManualClock()
        tick(clock)
        XCTAssertEqual(clock.now, 1)
    }
}

final class ScopedXCTests: XCTestCase {
    override func invokeTest() {
        RequestContext.$userID.withValue("xctest") { super.invokeTest() }
    }

    func testSeesTheScopedValue() {
        XCTAssertEqual(RequestContext.userID, "xctest")
    }
}
