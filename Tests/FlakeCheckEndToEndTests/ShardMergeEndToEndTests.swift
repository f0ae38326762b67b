import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Two shards of an 8-run job, merged, give the numbers one machine gives for 8 runs. The flaky
/// fixture fails on every fourth claimed run number; the shards share the counter, as a job spread
/// over machines shares the calendar, so both ways see exactly two failures in eight runs.
@Suite(.serialized) struct ShardMergeEndToEndTests {
    static let selection = [
        "--filter", "FlakyXCTests|FlakySuite|StableXCTests/testPasses|SkippedXCTests", "--runs", "8",
    ]

    @Test func mergedShardsEqualOneMachine() throws {
        let single = try KnownOutcomesEndToEndTests.flakecheck(["run"] + Self.selection)
        let state = NSTemporaryDirectory() + "known-outcomes-shared-\(UUID().uuidString)"
        let first = try KnownOutcomesEndToEndTests.flakecheck(["run", "--shard", "1/2"] + Self.selection, state: state)
        let second = try KnownOutcomesEndToEndTests.flakecheck(
            ["run", "--shard", "2/2"] + Self.selection, state: state)
        #expect(first.report?.runs.map(\.index) == [0, 2, 4, 6])
        #expect(second.report?.runs.map(\.index) == [1, 3, 5, 7])

        let mergedOutput = NSTemporaryDirectory() + "flakecheck-merged-\(UUID().uuidString)"
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
            currentDirectory: NSTemporaryDirectory())
        let code = FlakeCheckCommand.main(
            [
                "merge", first.output + "/report.json", second.output + "/report.json",
                "--output", mergedOutput, "--quiet",
            ], context: context)
        #expect(code == ExitCode.gateFailed)
        let merged = try JSONReportFormat.decode(
            try Data(contentsOf: URL(fileURLWithPath: mergedOutput + "/report.json")), path: "merged")
        let one = try #require(single.report)
        #expect(merged.runs.map(\.index) == Array(0..<8))
        #expect(merged.summary == one.summary)
        #expect(merged.gate == one.gate)
        #expect(merged.tests.map(\.id) == one.tests.map(\.id))
        for (a, b) in zip(merged.tests, one.tests) {
            #expect(
                (a.passed, a.failed, a.skipped, a.crashed, a.timedOut, a.notRun)
                    == (b.passed, b.failed, b.skipped, b.crashed, b.timedOut, b.notRun), "\(a.id)")
            #expect(a.passRate == b.passRate && a.passRateInterval == b.passRateInterval && a.verdict == b.verdict)
            #expect(a.history.count == 8 && !a.history.contains("-"))
            #expect(a.durations == DurationStatistics(samples: a.durationSamples))
        }
    }

    @Test func mergingDifferentSelectionsIsRefused() throws {
        let a = try KnownOutcomesEndToEndTests.flakecheck(["run", "--shard", "1/2"] + Self.selection)
        let b = try KnownOutcomesEndToEndTests.flakecheck([
            "run", "--shard", "2/2", "--filter", "StableSuite", "--runs", "8",
        ])
        let err = CapturedOutput()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: err, environment: [:],
            currentDirectory: NSTemporaryDirectory())
        let code = FlakeCheckCommand.main(
            [
                "merge", a.output + "/report.json", b.output + "/report.json", "--output",
                NSTemporaryDirectory() + "fc-\(UUID())",
            ], context: context)
        #expect(code == ExitCode.nothingMeasured)
        #expect(err.text.contains("only shards of one selection merge"))
    }
}
