import Foundation
import Inbox
import Testing

@MainActor @Suite struct InboxChecks {
    @Test func confirmsTheChange() async {
        let inbox = Inbox(server: QuickServer())
        await confirmation { changed in
            inbox.onChange { _ in changed() }
            await inbox.sync()
        }
        #expect(inbox.messages.count == 2)
    }

    @Test func streamDeliversTheCount() async {
        let inbox = Inbox(server: QuickServer())
        var counts = inbox.updates.makeAsyncIterator()
        inbox.syncInBackground()
        let count = await counts.next()
        #expect(count == 2)
    }

    @Test func retryWaitsOnTheInjectedClock() async {
        let sleeper = FakeSleeper()
        let inbox = Inbox(server: QuickServer(), sleeper: sleeper)
        let retry = Task { await inbox.scheduleRetry() }
        await sleeper.advance()
        await retry.value
        #expect(inbox.messages.count == 2)
    }

    @Test func clockAdvancedWhileYielding() async {
        let clock = SteppingClock()
        for _ in 0..<3 {
            clock.advance(by: 1)
            await Task.yield()
        }
        #expect(clock.now == 3)
    }

    @Test func fetchesInATaskGroup() async {
        let server = QuickServer()
        let fetched = await withTaskGroup(of: [String].self) { group in
            group.addTask { await server.fetch() }
            var all: [String] = []
            for await messages in group { all += messages }
            return all
        }
        #expect(fetched.count == 2)
    }

    @Test func fetchesWithAsyncLet() async {
        let server = QuickServer()
        async let first = server.fetch()
        let messages = await first
        #expect(messages.count == 2)
    }

    @Test func detachedThenCheck() {
        let box = Box()
        Task.detached { box.value += 1 }
        #expect(box.value >= 0)
    }

    @Test func sleepsAfterTheCheck() async throws {
        let inbox = Inbox(server: QuickServer())
        await inbox.sync()
        #expect(inbox.messages.count == 2)
        try await Task.sleep(for: .milliseconds(1))
    }

    @Test func yieldsBesideAnUnrelatedContinuation() async {
        let inbox = Inbox(server: QuickServer())
        inbox.syncInBackground()
        await Task.yield()
        #expect(inbox.messages.count <= 2)
    }

    @Test func waitsForTheFakeServer() async {
        let server = GatedServer()
        let inbox = Inbox(server: server)
        inbox.syncInBackground()
        await server.waitUntilFetching()
        #expect(inbox.isSyncing || inbox.messages == ["gated"])
    }

    @Test func settlesThroughAnExtension() async {
        let inbox = Inbox(server: QuickServer())
        inbox.syncInBackground()
        await inbox.settle()
        #expect(inbox.messages.count <= 2)
    }

    @Test func scopedRequest() async {
        let inbox = Inbox(server: QuickServer())
        await RequestContext.$id.withValue("request-7") {
            await inbox.sync()
            #expect(inbox.syncedRequestID == "request-7")
        }
    }

    @Test func backgroundSyncChecksAtOnce() {
        let inbox = Inbox(server: QuickServer())
        inbox.syncInBackground()
        #expect(inbox.messages.isEmpty)
    }

    @Test func dispatchCallbackResumes() async {
        let notifier = Notifier()
        await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
            notifier.notify { resumed.resume() }
        }
        #expect(Bool(true))
    }

    @Test func quickServerSleepsNothing() async {
        let inbox = Inbox(server: QuickServer())
        await inbox.sync()
        #expect(inbox.messages == ["hello", "again"])
    }
}
