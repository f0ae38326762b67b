import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `run --perturb --shorten-sleeps`: passes when its 200 ms sleep lasts at least 150 ms, which a sleep
/// always does (it never wakes early), and fails in exactly the runs whose sleeps were shortened to a
/// hundredth (2 ms).
@Suite struct SleepProbeSuite {
    @Test func sleepLastsWhatItAsks() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        try await Task.sleep(for: .milliseconds(200))
        let slept = start.duration(to: clock.now)
        #expect(slept >= .milliseconds(150), "slept \(slept)")
    }
}

/// `run --explore-schedules`: every job of a sleep goes through the explorer, the one that wakes the
/// sleeping task included (Swift 6.3 on Linux hands that one to `dispatch_after_f`, which the explorer
/// must take too): 20 sleeps are at least 40 scheduled jobs, the wake-ups and the resumed task. Passes
/// wherever schedules are not explored.
@Suite struct ScheduledSleepProbeSuite {
    @Test func sleepsGoThroughTheExplorer() async throws {
        guard ProcessInfo.processInfo.environment["FLAKECHECK_SCHEDULE_DEPTH"] != nil,
              let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "flakecheck_scheduled_jobs") else { return }
        let scheduledJobs = unsafeBitCast(symbol, to: (@convention(c) () -> UInt).self)
        let before = scheduledJobs()
        for _ in 0..<20 { try await Task.sleep(for: .milliseconds(1)) }
        let jobs = scheduledJobs() - before
        #expect(jobs >= 40, "\(jobs) jobs scheduled for 20 sleeps")
    }
}
