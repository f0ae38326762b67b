import Inbox
import XCTest

@MainActor final class SyncYieldTests: XCTestCase {
    func testSyncFillsInbox() async {
        let inbox = Inbox(server: QuickServer())
        inbox.syncInBackground()
        await Task.yield()
        await Task.yield()
        XCTAssertEqual(inbox.messages, ["hello", "again"])
    }
}

@MainActor final class SyncSleepTests: XCTestCase {
    func testSyncFillsInbox() async throws {
        let inbox = Inbox(server: QuickServer())
        inbox.syncInBackground()
        try await Task.sleep(nanoseconds: 10_000_000)
        XCTAssertEqual(inbox.messages, ["hello", "again"])
    }
}

final class SyncExpectationTests: XCTestCase {
    func testSyncFillsInbox() {
        let notified = expectation(description: "notified")
        Notifier().notify { notified.fulfill() }
        wait(for: [notified], timeout: 5)
        XCTAssertTrue(true)
    }
}

@MainActor final class SyncAwaitTests: XCTestCase {
    func testSyncFillsInbox() async {
        let inbox = Inbox(server: QuickServer())
        await inbox.sync()
        XCTAssertEqual(inbox.messages, ["hello", "again"])
    }
}

final class RequestScopeTests: XCTestCase {
    override func invokeTest() {
        RequestContext.$id.withValue("scoped") {
            super.invokeTest()
        }
    }

    func testRequestIDIsScoped() {
        XCTAssertEqual(RequestContext.id, "scoped")
    }
}

final class AnalyticsTests: XCTestCase {
    func testLogIsRecorded() async {
        let analytics = Analytics()
        analytics.log("opened")
        let events = await analytics.events
        XCTAssertEqual(events, ["opened"])
    }
}

@MainActor final class PollingTests: XCTestCase {
    func testEventuallySynced() async {
        let inbox = Inbox(server: QuickServer())
        inbox.syncInBackground()
        await eventually { inbox.messages.count == 2 }
        XCTAssertEqual(inbox.messages.count, 2)
    }
}
