import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `--until-proven` on tests whose outcomes are known exactly.
@Suite(.serialized) struct AdaptiveEndToEndTests {
    @Test func untilProvenSettlesEachTestForItsOwnReason() throws {
        let run = try KnownOutcomesEndToEndTests.flakecheck([
            "run", "--until-proven", "--max-runs", "400", "--target-failure-rate", "0.03", "--workers", "2",
            "--filter", "FlakyXCTests|StableXCTests/testPasses$|FailingXCTests/testAlwaysFails|SkippedXCTests",
        ])
        let flaky = try #require(run.test("AlphaTests.FlakyXCTests/testFailsEveryFourthRun"))
        #expect(flaky.verdict == .flaky)
        #expect(flaky.stopReason?.hasPrefix("flaky: passed") == true)
        // Stops soon after its first failure. Runs are handed out in order but two workers' processes claim
        // their numbers in either order: while run 0's process is slow to start (a cold start on a busy CI
        // machine), the other worker can claim 1 to 3 in runs 1 to 3, so the 4th claim (the failure) lands on
        // any run index from 0 to 4 (a fresh-clone CI run saw 0). Until that failure is recorded, the other
        // worker keeps running, as many runs as the slow process lets it. Only "well short of --max-runs" is
        // certain beyond that.
        let firstFailure = try #require(flaky.history.firstIndex(of: "F")).utf16Offset(in: flaky.history)
        #expect((0...4).contains(firstFailure), "\(flaky.history)")
        #expect(flaky.countedRuns < 20, "stops after its first failure: \(flaky.history)")
        let stable = try #require(run.test("AlphaTests.StableXCTests/testPasses"))
        #expect(stable.stopReason?.hasPrefix("proven: failure rate below") == true)
        #expect((99...101).contains(stable.passed))
        let failing = try #require(run.test("AlphaTests.FailingXCTests/testAlwaysFails"))
        // Settled at 99 failures; a run already handed to the other worker may add one more, and the stop
        // sentence counts it as the row does.
        #expect(failing.stopReason == "failing: never passed in \(failing.countedRuns) runs")
        #expect((99...101).contains(failing.countedRuns))
        let skipped = try #require(run.test("AlphaTests.SkippedXCTests/testSkipped"))
        #expect(skipped.stopReason == "skipped: the test skips itself")
        #expect(run.report?.configuration.untilProven == true)
        #expect((run.report?.runs.count ?? 0) <= 102)
    }
}
