import Downloads
import XCTest

@MainActor final class YieldTests: XCTestCase {
    func testBusyWhileDownloading() async {
        let model = DownloadModel(client: FakeClient())
        model.start()
        await Task.yield()
        XCTAssertTrue(model.isBusy)
    }
}

@MainActor final class SleepTests: XCTestCase {
    func testBusyWhileDownloading() async throws {
        let model = DownloadModel(client: FakeClient())
        model.start()
        try await Task.sleep(for: .milliseconds(5))
        XCTAssertTrue(model.isBusy)
    }
}

@MainActor final class ContinuationTests: XCTestCase {
    func testBusyWhileDownloading() async {
        let model = DownloadModel(client: FakeClient())
        let signal = StartSignal()
        model.onStarted = { signal.fire() }
        model.start()
        await signal.waitUntilStarted()
        XCTAssertTrue(model.isBusy)
    }
}

@MainActor final class ClockTests: XCTestCase {
    func testBusyWhileDownloading() async {
        let clock = ManualClock()
        await clock.advance(by: 2)
        XCTAssertEqual(clock.now, 2)
    }
}

@MainActor final class HelperYieldTests: XCTestCase {
    func testShowsProgress() async {
        let model = DownloadModel(client: FakeClient())
        model.start()
        await settle()
        XCTAssertEqual(model.progress, 100)
    }
}

@MainActor final class UnrelatedContinuationTests: XCTestCase {
    func testCancelClearsQueue() async {
        let model = DownloadModel(client: FakeClient())
        model.enqueue("a")
        model.cancel()
        await Task.yield()
        XCTAssertTrue(model.queue.isEmpty)
    }
}

final class SameNameTests: XCTestCase {
    func testSlowClientPrepares() async throws {
        let client = SlowClient()
        try await client.prepare()
        XCTAssertTrue(true)
    }

    func testFastClientPrepares() async {
        let client = FastClient()
        await client.prepare()
        XCTAssertTrue(true)
    }
}
