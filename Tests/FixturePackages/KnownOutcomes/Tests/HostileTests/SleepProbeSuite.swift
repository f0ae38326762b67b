import Foundation
import Testing

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
