import Testing
import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckReporting

/// `--hunt` says each arm's failures per minute of the time its runs held, with an interval: what a user
/// waits for, not only runs.
@Suite struct ArmPaceTests {
    /// 12 failures in 400 runs that held 31 s: 774.2 runs a minute, so 23.2 failures a minute, and the
    /// Wilson interval of 12 in 400 (1.73% to 5.17%) at that pace.
    @Test func failuresPerMinuteAreTheRunsRateAtTheirMeasuredPace() throws {
        let pace = try #require(ArmPace(ConditionRate(condition: "busyCPUs", passed: 388, counted: 400, seconds: 31)))
        let runsPerMinute = 400.0 / 31 * 60
        #expect(abs(pace.perMinute - 12.0 / 400 * runsPerMinute) < 1e-9)
        let wilson = ProportionInterval.wilson(successes: 12, trials: 400)
        #expect(abs(pace.lower - wilson.lower * runsPerMinute) < 1e-9)
        #expect(abs(pace.upper - wilson.upper * runsPerMinute) < 1e-9)
        #expect(pace.lower < pace.perMinute && pace.perMinute < pace.upper)
        #expect(pace.sentence == "busyCPUs 12 of 400 runs in 31.00 s: 23.2 failures a minute (13.3–40.0)")
        // No seconds (a report before 2026-11-28, or rates from run records): no pace, not a made-up one.
        #expect(ArmPace(ConditionRate(condition: "plain", passed: 3, counted: 4)) == nil)
    }

    @Test func theFastestArmComesFirst() {
        let ranked = ArmPace.ranked([
            ConditionRate(condition: "plain", passed: 90, counted: 100, seconds: 10),
            ConditionRate(condition: "alone", passed: 80, counted: 100, seconds: 40),
            ConditionRate(condition: "delays", passed: 100, counted: 100, seconds: 10),
        ])
        // plain: 10 failures in 10 s (60 a minute); alone: 20 in 40 s (30); delays: none.
        #expect(ranked.map(\.arm) == ["plain", "alone", "delays"])
        #expect(ranked.map(\.perMinute) == [60, 30, 0])
    }

    /// A hunt's flaky test says each arm's pace under it in the terminal.
    @Test func aHuntSaysEachArmsPaceUnderAFlakyTest() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testEveryThird", .failsEvery(3))])
        let session = try RunHarnessTests.session(
            package, ["run", "--runs", "9", "--workers", "2", "--hunt", "--arms", "plain,alone"])
        let arms = try #require(session.test("M.C/testEveryThird")?.learnedArms, "\(session.stderr)")
        #expect(arms.allSatisfy { $0.seconds != nil }, "\(arms)")
        #expect(session.stdout.contains("  per minute: "), "\(session.stdout)")
        #expect(session.stdout.contains("failures a minute ("), "\(session.stdout)")
    }
}
