import Foundation
import Testing
@testable import FlakeCheckCore

/// Two shards of an 8-run job, merged, give the numbers one machine gives for 8 runs. The flaky
/// fixture fails on every fourth claimed run number; the shards share the counter, as a job spread
/// over machines shares the calendar, so both ways see exactly two failures in eight runs.
@Suite(.serialized) struct ShardMergeEndToEndTests {
    static let selection = ["--filter", "FlakyXCTests|FlakySuite|StableXCTests/testPasses|SkippedXCTests", "--runs", "8"]

    @Test func mergedShardsEqualOneMachine() throws {
        let single = try KnownOutcomesEndToEndTests.flakecheck(["run"] + Self.selection)
        let state = NSTemporaryDirectory() + "known-outcomes-shared-\(UUID().uuidString)"
        let first = try KnownOutcomesEndToEndTests.flakecheck(["run", "--shard", "1/2"] + Self.selection, state: state)
        let second = try KnownOutcomesEndToEndTests.flakecheck(["run", "--shard", "2/2"] + Self.selection, state: state)
        #expect(first.report?.runs.map(\.index) == [0, 2, 4, 6])
        #expect(second.report?.runs.map(\.index) == [1, 3, 5, 7])

        let mergedOutput = NSTemporaryDirectory() + "flakecheck-merged-\(UUID().uuidString)"
        let context = CommandContext(stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
                                     currentDirectory: NSTemporaryDirectory())
        let code = FlakeCheckCommand.main(["merge", first.output + "/report.json", second.output + "/report.json",
                                           "--output", mergedOutput, "--quiet"], context: context)
        #expect(code == ExitCode.gateFailed)
        let merged = try JSONReportFormat.decode(
            try Data(contentsOf: URL(fileURLWithPath: mergedOutput + "/report.json")), path: "merged")
        let one = try #require(single.report)
        #expect(merged.runs.map(\.index) == Array(0..<8))
        #expect(merged.summary == one.summary)
        #expect(merged.gate == one.gate)
        #expect(merged.tests.map(\.id) == one.tests.map(\.id))
        for (a, b) in zip(merged.tests, one.tests) {
            #expect((a.passed, a.failed, a.skipped, a.crashed, a.timedOut, a.notRun)
                    == (b.passed, b.failed, b.skipped, b.crashed, b.timedOut, b.notRun), "\(a.id)")
            #expect(a.passRate == b.passRate && a.passRateInterval == b.passRateInterval && a.verdict == b.verdict)
            #expect(a.history.count == 8 && !a.history.contains("-"))
            #expect(a.durations == DurationStatistics(samples: a.durationSamples))
        }
    }

    @Test func mergingDifferentSelectionsIsRefused() throws {
        let a = try KnownOutcomesEndToEndTests.flakecheck(["run", "--shard", "1/2"] + Self.selection)
        let b = try KnownOutcomesEndToEndTests.flakecheck(["run", "--shard", "2/2", "--filter", "StableSuite", "--runs", "8"])
        let err = CapturedOutput()
        let context = CommandContext(stdout: CapturedOutput(), stderr: err, environment: [:],
                                     currentDirectory: NSTemporaryDirectory())
        let code = FlakeCheckCommand.main(["merge", a.output + "/report.json", b.output + "/report.json", "--output",
                                           NSTemporaryDirectory() + "fc-\(UUID())"], context: context)
        #expect(code == ExitCode.nothingMeasured)
        #expect(err.text.contains("only shards of one selection merge"))
    }
}

/// `flakecheck baseline --from` then `run --baseline`: the known-flaky test no longer trips the gate.
@Suite(.serialized) struct BaselineEndToEndTests {
    @Test func baselineFromAReportSilencesTheGateForItsTests() throws {
        let selection = ["run", "--filter", "FlakyXCTests|StableXCTests/testPasses", "--runs", "8"]
        let first = try KnownOutcomesEndToEndTests.flakecheck(selection)
        #expect(first.code == ExitCode.gateFailed)
        let baseline = NSTemporaryDirectory() + "fc-baseline-\(UUID().uuidString).json"
        let context = CommandContext(stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
                                     currentDirectory: NSTemporaryDirectory())
        #expect(FlakeCheckCommand.main(["baseline", "--from", first.output + "/report.json", "--output", baseline,
                                        "--reason", "every fourth run", "--expires", "2999-01-01"], context: context) == 0)
        let second = try KnownOutcomesEndToEndTests.flakecheck(selection + ["--baseline", baseline])
        #expect(second.code == ExitCode.success)
        #expect(second.test("AlphaTests.FlakyXCTests/testFailsEveryFourthRun")?.baseline?.state == .knownFlaky)
        #expect(second.test("AlphaTests.FlakyXCTests/testFailsEveryFourthRun")?.failed == 2)
    }
}

/// `--until-proven` on tests whose outcomes are known exactly.
@Suite(.serialized) struct AdaptiveEndToEndTests {
    @Test func untilProvenSettlesEachTestForItsOwnReason() throws {
        let run = try KnownOutcomesEndToEndTests.flakecheck([
            "run", "--until-proven", "--max-runs", "400", "--target-failure-rate", "0.03", "--workers", "2",
            "--filter", "FlakyXCTests|StableXCTests/testPasses$|FailingXCTests/testAlwaysFails|SkippedXCTests"])
        let flaky = try #require(run.test("AlphaTests.FlakyXCTests/testFailsEveryFourthRun"))
        #expect(flaky.verdict == .flaky)
        #expect(flaky.stopReason?.hasPrefix("flaky: passed") == true)
        // Stops soon after its first failure. Runs are handed out in order but two workers' processes claim
        // their numbers in either order, so the 4th claim (the failure) lands on run index 2, 3 or 4; until
        // that failure is recorded, the other worker keeps running, as many runs as the slow process
        // lets it. Only "well short of --max-runs" is certain.
        let firstFailure = try #require(flaky.history.firstIndex(of: "F")).utf16Offset(in: flaky.history)
        #expect((2...4).contains(firstFailure), "\(flaky.history)")
        #expect(flaky.countedRuns < 20, "stops after its first failure: \(flaky.history)")
        let stable = try #require(run.test("AlphaTests.StableXCTests/testPasses"))
        #expect(stable.stopReason?.hasPrefix("proven: failure rate below") == true)
        #expect((99...101).contains(stable.passed))
        let failing = try #require(run.test("AlphaTests.FailingXCTests/testAlwaysFails"))
        // Settled at 99 failures; a run already handed to the other worker may add one more.
        #expect(failing.stopReason == "failing: never passed in 99 runs")
        #expect((99...101).contains(failing.countedRuns))
        let skipped = try #require(run.test("AlphaTests.SkippedXCTests/testSkipped"))
        #expect(skipped.stopReason == "skipped: the test skips itself")
        #expect(run.report?.configuration.untilProven == true)
        #expect((run.report?.runs.count ?? 0) <= 102)
    }
}

/// `--mode in-process`: Swift Testing repeats inside one process per batch; XCTest falls back to a
/// process per run. Both count the every-fourth-run failures exactly.
@Suite(.serialized) struct InProcessEndToEndTests {
    @Test func repetitionsCountExactlyAndTheReportSaysStateWasShared() throws {
        let run = try KnownOutcomesEndToEndTests.flakecheck([
            "run", "--mode", "in-process", "--runs", "8", "--workers", "2",
            "--filter", "FlakySuite|StableSuite/passes|FlakyXCTests"])
        #expect(run.test("AlphaTests.FlakySuite/failsEveryFourthRun()")?.failed == 2)
        #expect(run.test("AlphaTests.FlakySuite/failsEveryFourthRun()")?.passed == 6)
        #expect(run.test("AlphaTests.StableSuite/passes()")?.passed == 8)
        #expect(run.test("AlphaTests.FlakyXCTests/testFailsEveryFourthRun")?.failed == 2)
        #expect(run.report?.configuration.mode == "in-process")
        #expect(run.report?.configuration.notes?.first?.contains("shared between repetitions") == true)
        #expect(Set(run.report?.runs.map(\.index) ?? []) == Set(0..<8))
    }
}
