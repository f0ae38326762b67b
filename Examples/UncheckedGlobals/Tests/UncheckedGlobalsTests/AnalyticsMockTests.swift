import Testing
import UncheckedGlobals

/// The seeds' actor mock whose call count is `nonisolated(unsafe)` so the test can read it without
/// `await`: written by the screen's task on one thread, read by the test on another, with only a
/// `Task.yield()` between them.
actor AnalyticsMock: Analytics {
    nonisolated(unsafe) private(set) var trackCallCount = 0
    nonisolated func track(_ event: String) { trackCallCount += 1 }
}

@Test func appearingTracksOnce() async {
    let analytics = AnalyticsMock()
    ProfileScreen(analytics: analytics).appear()
    await Task.yield()
    #expect(analytics.trackCallCount == 1)
}
