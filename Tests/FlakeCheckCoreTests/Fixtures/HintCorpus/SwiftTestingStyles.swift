import Testing

@Suite struct ContinuationStyles {
    @Test func continuationInTheTest() async {
        let loader = FakeLoader()
        await withCheckedContinuation { continuation in
            Task { _ = await loader.load(); continuation.resume() }
        }
        #expect(await loader.requests == 1)
    }

    @Test func continuationInAFakeInAnotherFile() async {
        let loader = FakeLoader()
        let task = Task { _ = await loader.load() }
        await loader.waitForRequest()
        #expect(await loader.requests == 1)
        await task.value
    }

    @Test func continuationInAHelper() async {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        await waitUntilLoaded(loader)
        #expect(await loader.requests == 1)
    }

    @Test func continuationInAnExtension() async {
        let gate = Gate.make()
        Task { gate.open() }
        await gate.pass()
    }

    @Test func confirmationGates() async {
        await confirmation { confirmed in
            let loader = FakeLoader()
            _ = await loader.load()
            confirmed()
        }
    }

    @Test func gateBeatsAFiredTask() async {
        let loader = FakeLoader()
        await loader.loadSoon()
        await loader.waitForRequest()
        #expect(await loader.requests == 1)
    }
}

@Suite struct ClockStyles {
    @Test func advanceInTheTest() async {
        let clock = ManualClock()
        let task = Task { await clock.sleep(for: 1) }
        clock.advance(by: 1)
        await task.value
    }

    @Test func advanceInAHelper() async {
        let clock = ManualClock()
        tick(clock)
        #expect(clock.now == 1)
    }

    @Test func advanceTwice() {
        let clock = ManualClock()
        clock.advance(by: 1)
        clock.advance(by: 2)
        #expect(clock.now == 3)
    }
}

@Suite struct YieldAndSleepStyles {
    @Test func yieldInTheTest() async {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        await Task.yield()
        #expect(await loader.requests == 1)
    }

    @Test func yieldInAHelper() async {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        await settle()
        #expect(await loader.requests == 1)
    }

    @Test func yieldTwoHelpersDeep() async {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        await settleTwice()
        #expect(await loader.requests == 1)
    }

    @Test func sleepInTheTest() async throws {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        try await Task.sleep(for: .milliseconds(50))
        #expect(await loader.requests == 1)
    }

    @Test func sleepInAHelper() async throws {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        try await pause()
        #expect(await loader.requests == 1)
    }
}

@Suite struct TaskStyles {
    @Test func firedTaskCheckedAtOnce() async {
        let loader = FakeLoader()
        let task = Task { _ = await loader.load() }
        #expect(await loader.requests == 1)
        await task.value
    }

    @Test func mockFiresATaskTheTestCalls() async {
        let tracker = FireAndForgetTracker()
        tracker.track()
        #expect(await tracker.tracked == 1)
    }

    @Test func mockWithATaskTheTestNeverCalls() async {
        let tracker = CountingTracker()
        await tracker.record()
        #expect(await tracker.tracked == 1)
    }

    @Test func detachedTaskInAHelper() async {
        let tracker = FireAndForgetTracker()
        startBackgroundRefresh(tracker)
        #expect(await tracker.tracked == 1)
    }

    @Test func awaitedActorMethodOnly() async {
        let tracker = FireAndForgetTracker()
        await tracker.trackAndWait()
        #expect(await tracker.tracked == 1)
    }
}

@Suite struct PlainStyles {
    @Test func pureArithmetic() {
        #expect(1 + 1 == 2)
    }

    @Test func awaitsAnActor() async {
        let loader = FakeLoader()
        let posts = await loader.load()
        #expect(posts == ["a"])
    }

    // A comment that mentions Task.yield() and Task {} must not count.
    @Test func commentsDoNotCount() async {
        let loader = FakeLoader()
        #expect(await loader.requests == 0)
    }

    @Test(.serialized) func traitsWithoutScopes() {
        #expect([1, 2].count == 2)
    }
}

@Suite struct TaskLocalStyles {
    @Test func withValueInTheTest() async {
        await RequestContext.$userID.withValue("a") {
            #expect(RequestContext.userID == "a")
        }
    }

    @Test func scopeInAHelperType() async {
        await UserScope().provideScope {
            #expect(RequestContext.userID == "tester")
        }
    }
}

@Suite struct MoreStyles {
    @Test func yieldInAnExtensionMethod() async {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        await loader.settleLoads()
        #expect(await loader.requests == 1)
    }

    @Test func sleepTwoHelpersDeep() async throws {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        try await nap()
        #expect(await loader.requests == 1)
    }

    @Test func yieldThenGate() async {
        let loader = FakeLoader()
        Task { _ = await loader.load() }
        await settle()
        await loader.waitForRequest()
        #expect(await loader.requests == 1)
    }

    @Test func fireAndForgetThroughProductionCode() async {
        let tracker = FireAndForgetTracker()
        let order = await Checkout(tracker: tracker).purchase()
        #expect(order == "order")
        #expect(await tracker.tracked == 1)
    }

    @Test func countedThroughProductionCode() async {
        let tracker = CountingTracker()
        let order = await CountedCheckout(tracker: tracker).purchase()
        #expect(order == "order")
        #expect(await tracker.tracked == 1)
    }

    @Test func gateAfterAProductionCallThatFires() async {
        let loader = FakeLoader()
        let tracker = FireAndForgetTracker()
        _ = await Checkout(tracker: tracker).purchase()
        Task { _ = await loader.load() }
        await waitUntilLoaded(loader)
        #expect(await loader.requests == 1)
    }
}
