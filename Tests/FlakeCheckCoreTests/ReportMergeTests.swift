import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `merge` keeps what each shard's tests carry (baseline state, stop reason) and the target failure rate
/// the runs were made with.
@Suite struct ReportMergeTests {
    /// Shards that each pass the gate thanks to the baseline merge into a report that passes it too.
    @Test func mergeKeepsBaselineAndStopReason() throws {
        var test = TestSummary(
            tally: {
                var tally = TestTally(identity: TestIdentity(canonicalID: "M.C/testFlaky", framework: .xctest))
                tally.record(TestResult(outcome: .passed), runIndex: 0)
                tally.record(TestResult(outcome: .failed, failures: [FailureRecord(message: "boom")]), runIndex: 1)
                return tally
            }(), confidence: 0.95)
        test.baseline = Baseline.Status(state: .knownFlaky, reason: "tracked", expires: nil)
        test.stopDecision = .flaky(passed: 1, failed: 1)
        let report = FlakeReport(
            schemaVersion: 1, tool: .init(name: "flakecheck", version: "test"), command: "run",
            configuration: .init(
                packagePath: "/p", filters: [], skips: [], runs: 2, workers: 1, mode: "process",
                timeoutSeconds: 10, buildConfiguration: "debug", minPassRate: 1, confidence: 0.95,
                toolchain: nil, inputFiles: nil, shard: nil, untilProven: nil, notes: nil),
            startedAt: "2026-01-01T00:00:00Z", finishedAt: "2026-01-01T00:00:01Z", wallSeconds: 1, interrupted: false,
            runs: [], tests: [test], summary: .init(tests: [test]), gate: .init(tests: [test], minPassRate: 1),
            strategies: nil)
        #expect(report.gate.passed)
        let merged = try ReportMerger().merge([("a.json", report)])
        #expect(merged.tests.first?.baseline?.state == .knownFlaky)
        #expect(merged.tests.first?.stopDecision == .flaky(passed: 1, failed: 1))
        #expect(merged.gate.passed)
    }

    /// `merge` proves against the target the runs were made with, read from the configuration.
    @Test func mergeReadsTheTargetFailureRateFromTheConfiguration() throws {
        var tally = TestTally(identity: TestIdentity(canonicalID: "M.C/testStable", framework: .xctest))
        tally.record(TestResult(outcome: .passed), runIndex: 0)
        let test = TestSummary(tally: tally, confidence: 0.95, targetFailureRate: 0.01)
        var configuration = FlakeReport.Configuration(
            packagePath: "/p", filters: [], skips: [], runs: 1, workers: 1, mode: "process", timeoutSeconds: 10,
            buildConfiguration: "debug", minPassRate: 1, confidence: 0.95, toolchain: nil, inputFiles: nil, shard: nil)
        configuration.targetFailureRate = 0.001
        let report = FlakeReport.assemble(
            command: "run", configuration: configuration, startedAt: "a", finishedAt: "b",
            wallSeconds: 1, interrupted: false, runs: [], tests: [test], strategies: nil)
        let merged = try ReportMerger().merge([("a.json", report)])
        #expect(merged.tests.first?.proof?.targetFailureRate == 0.001)
        #expect(merged.configuration.targetFailureRate == 0.001)
    }
}

/// A merged report's links to kept logs lead to the shard folders that hold them, and a log that is gone
/// says so (`logError`) instead of a link to nowhere.
@Suite struct MergedLogLinkTests {
    @Test func mergedLinksLeadToTheShardsLogs() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testA", .failsEvery(2)), RunHarnessTests.xctest("M.C/testB"),
        ])
        var reports: [String] = []
        for shard in 1...2 {
            let output = package.folder + "/shard-\(shard)"
            let context = CommandContext(
                stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
                currentDirectory: package.folder, launcher: package.launcher)
            _ = FlakeCheckCommand.main(
                [
                    "run", "--runs", "4", "--shard", "\(shard)/2", "--quiet", "--package-path", package.folder,
                    "--output", output,
                ], context: context)
            reports.append(output + "/report.json")
        }
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:], currentDirectory: package.folder)
        _ = FlakeCheckCommand.main(
            ["merge"] + reports + ["--output", package.folder + "/merged", "--format", "json,html", "--quiet"],
            context: context)
        let merged = try JSONReportFormat.load(package.folder + "/merged/report.json", shownPath: "merged")
        // Each meaning of "runs" in its own field, through report.json: a shard made 2 of each test's 4.
        let shard = try JSONReportFormat.load(reports[1], shownPath: "shard 2").configuration
        #expect([shard.runs, shard.runsAsked, shard.runsHere] == [4, 4, 2])
        #expect(shard.shard == Shard(index: 2, count: 2))
        #expect(
            [merged.configuration.runs, merged.configuration.runsAsked, merged.configuration.runsHere] == [4, 4, 4])
        #expect(merged.configuration.shard == nil)
        let kept = merged.runs.compactMap(\.logPath)
        #expect(!kept.isEmpty)
        for path in kept {
            #expect(path.hasPrefix("../shard-"), "\(path)")
            #expect(FileManager.default.fileExists(atPath: package.folder + "/merged/" + path), "\(path)")
        }
        // A shard's log removed before the merge: no link, and the reason.
        try FileManager.default.removeItem(atPath: package.folder + "/shard-1/logs")
        _ = FlakeCheckCommand.main(
            ["merge"] + reports + ["--output", package.folder + "/merged-2", "--quiet"], context: context)
        let second = try JSONReportFormat.load(package.folder + "/merged-2/report.json", shownPath: "merged-2")
        #expect(second.runs.contains { $0.logError?.contains("missing") == true })
        #expect(second.runs.compactMap(\.logPath).allSatisfy { !$0.contains("shard-1") })
    }
}
