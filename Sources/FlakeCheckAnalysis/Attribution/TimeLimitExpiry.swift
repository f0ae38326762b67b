import FlakeCheckModel

/// Why flakecheck ended a test process at a time limit (`--timeout`). The limit bounds each test from
/// its own start, as Swift Testing's `.timeLimit` and xcodebuild's
/// `-maximum-test-execution-time-allowance` do, so only a test that itself ran past it is `timedOut`.
/// The process-wide bounds catch what no test start covers (a hung class `setUp`, an exit handler that
/// never returns): when they end a process, its unfinished tests are run again, not blamed.
package enum TimeLimitExpiry: Sendable, Equatable {
    /// These tests, as the console printed their starts, each ran longer than `limit` seconds.
    case testsOverran([TestReference], limit: Double)
    /// No test was running and the process printed nothing for `seconds`.
    case silentWithoutTest(seconds: Double)
    /// The process ran past its own bound, `seconds`, proportional to its tests.
    case processBound(seconds: Double)
}
