// Helpers the corpus's tests call: hazards and gates one or two calls away from the test.

func settle() async {
    for _ in 0..<3 { await Task.yield() }
}

func pause() async throws {
    try await Task.sleep(for: .milliseconds(10))
}

func waitUntilLoaded(_ loader: FakeLoader) async {
    await loader.waitForRequest()
}

func tick(_ clock: ManualClock) {
    clock.advance(by: 1)
}

func settleTwice() async {
    await settle()
    await settle()
}

func startBackgroundRefresh(_ tracker: FireAndForgetTracker) {
    Task.detached { await tracker.record() }
}

extension FakeLoader {
    func loadSoon() {
        Task { _ = self.load() }
    }
}

extension FakeLoader {
    func settleLoads() async {
        await Task.yield()
    }
}

func nap() async throws {
    try await pause()
}

/// Production code between the test and the mock: the mock's fire-and-forget method is two calls away.
struct Checkout {
    var tracker: FireAndForgetTracker

    func purchase() async -> String {
        tracker.track()
        return "order"
    }
}

struct CountedCheckout {
    var tracker: CountingTracker

    func purchase() async -> String {
        await tracker.record()
        return "order"
    }
}
