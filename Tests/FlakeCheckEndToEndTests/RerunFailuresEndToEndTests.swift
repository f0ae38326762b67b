import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `--rerun-failures` on the KnownOutcomes package, whose tests' outcomes are known per start: the
/// every-fourth test fails on its 4th start, so after three plain runs its first run here fails and its
/// first rerun (the 5th start) passes.
@Suite(.serialized) struct RerunFailuresEndToEndTests {
    @Test func theEveryFourthTestIsFlakyTheBrokenOneFailingAndBothStopEarly() throws {
        let state = NSTemporaryDirectory() + "known-outcomes-\(UUID().uuidString)"
        let filter = ["--filter", "FlakyXCTests|FailingXCTests/testAlwaysFails|StableXCTests/testPasses$"]
        _ = try KnownOutcomesEndToEndTests.flakecheck(["run", "--runs", "3", "--filter", "FlakyXCTests"], state: state)
        let run = try KnownOutcomesEndToEndTests.flakecheck(
            ["run", "--rerun-failures", "5", "--format", "json,junit"] + filter, state: state)
        let flaky = try #require(run.test("AlphaTests.FlakyXCTests/testFailsEveryFourthRun"))
        #expect(flaky.history == "FP", "stops at the first pass")
        #expect(flaky.stopReason == "flaky: failed its first run, passed on rerun 1")
        let failing = try #require(run.test("AlphaTests.FailingXCTests/testAlwaysFails"))
        #expect(failing.history == "FFFFFF")
        #expect(
            failing.stopReason
                == "failing: failed its first run and all 5 reruns; pass rate below 39.30% at 95% confidence")
        #expect(run.test("AlphaTests.StableXCTests/testPasses")?.history == "P")
        #expect(run.code == ExitCode.gateFailed)
        #expect(run.report?.gate.belowThreshold == ["AlphaTests.FailingXCTests/testAlwaysFails"])
        let junit = try String(contentsOfFile: run.output + "/report.junit.xml", encoding: .utf8)
        #expect(junit.contains("<flakyFailure message=\"XCTAssertTrue failed - run 4 is a multiple of 4\""))
        #expect(junit.components(separatedBy: "<rerunFailure ").count - 1 == JUnitReport.maxFlakyFailures)
    }
}
