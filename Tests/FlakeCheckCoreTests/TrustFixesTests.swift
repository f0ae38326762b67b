import Foundation
import Testing
@testable import FlakeCheckCore

/// Issue 10 item 7: the smaller ways numbers went wrong, one test each.
@Suite struct TrustFixesTests {
    static let other = TestReference(framework: .xctest, name: "C/testOther", isQualified: false)

    /// A failure line for a test that has not started used to create a phantom start: the real finish
    /// popped the phantom and the real start looked unfinished (a crash, after a normal exit).
    @Test func failureBeforeItsTestStartsCreatesNoPhantomStart() {
        var transcript = RunTranscript()
        transcript.record(.issue(Self.other, FailureRecord(message: "late report from a background thread")))
        transcript.record(.started(Self.other))
        transcript.record(.finished(Self.other, .failed, duration: 0.1))
        #expect(transcript.entries.count == 1)
        #expect(transcript.entries.allSatisfy { $0.status != nil })
        #expect(transcript.entries.first?.failures.map(\.message) == ["late report from a background thread"])
    }

    @Test func failureShapesIgnoreNumbersAddressesAndUUIDs() {
        #expect(FailureShape.key(of: "timed out after 1043 ms on port 54123")
            == FailureShape.key(of: "timed out after 998.5 ms on port 61002"))
        #expect(FailureShape.key(of: "object 0x7f3a2c001230 leaked") == "object 0x<address> leaked")
        #expect(FailureShape.key(of: "key 3F2504E0-4F89-11D3-9A0C-0305E82C3301 missing") == "key <uuid> missing")
        #expect(FailureShape.key(of: "expected true") != FailureShape.key(of: "expected false"))
    }

    /// Reproduced on FlyingFox: a message with a random key gave five entries of count 1 for 20 failures,
    /// and the other 15 were silently dropped.
    @Test func failuresWithRandomPartsGroupAndTheRestIsAccountedFor() {
        var tally = TestTally(identity: TestIdentity(canonicalID: "M.C/testX", framework: .xctest))
        for run in 0..<20 {
            let key = UUID().uuidString
            tally.record(TestResult(outcome: .failed, failures: [FailureRecord(message: "no value for \(key)")]), runIndex: run)
        }
        for run in 20..<27 {
            tally.record(TestResult(outcome: .failed, failures: [FailureRecord(message: "distinct failure \(Character(UnicodeScalar(65 + run - 20)!))")]),
                         runIndex: run)
        }
        let summary = TestSummary(tally: tally, confidence: 0.95)
        #expect(summary.failures.first?.count == 20)
        #expect(summary.failures.first?.message.hasPrefix("no value for ") == true)
        #expect(summary.failures.count == TestSummary.keptFailureMessages)
        let kept = summary.failures.reduce(0) { $0 + $1.count }
        #expect(kept + (summary.otherFailures?.count ?? 0) == 27)
        #expect(summary.otherFailures?.messages == 3)
    }

    /// A full disk made `FileHandle.write` trap, taking every finished run's numbers with it. Linux has
    /// `/dev/full` (every write fails with ENOSPC); macOS has no such device, so the test is not there.
    #if os(Linux)
    @Test func logOnAFullDiskStopsWritingInsteadOfTrapping() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "Linux always has /dev/full")
        let log = RunLog(path: "/dev/full")
        let bytes = [UInt8](repeating: 0x41, count: 1 << 16)
        bytes.withUnsafeBytes { log.write($0) }
        log.note("after the failure")
        #expect(log.writeError != nil)
        #expect(FileManager.default.fileExists(atPath: "/dev/full"))
    }
    #endif

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
        test.stopReason = "flaky: failed and passed"
        let report = FlakeReport(
            schemaVersion: 1, tool: .init(name: "flakecheck", version: "test"), command: "run",
            configuration: .init(packagePath: "/p", filters: [], skips: [], runs: 2, workers: 1, mode: "process",
                                 timeoutSeconds: 10, buildConfiguration: "debug", minPassRate: 1, confidence: 0.95,
                                 toolchain: nil, inputFiles: nil, shard: nil, untilProven: nil, notes: nil),
            startedAt: "2026-01-01T00:00:00Z", finishedAt: "2026-01-01T00:00:01Z", wallSeconds: 1, interrupted: false,
            runs: [], tests: [test], summary: .init(tests: [test]), gate: .init(tests: [test], minPassRate: 1), strategies: nil)
        #expect(report.gate.passed)
        let merged = try ReportMerger().merge([("a.json", report)])
        #expect(merged.tests.first?.baseline?.state == .knownFlaky)
        #expect(merged.tests.first?.stopReason == "flaky: failed and passed")
        #expect(merged.gate.passed)
    }
}

extension TrustFixesTests {
    /// `merge` proves against the target the runs were made with, read from the configuration.
    @Test func mergeReadsTheTargetFailureRateFromTheConfiguration() throws {
        var tally = TestTally(identity: TestIdentity(canonicalID: "M.C/testStable", framework: .xctest))
        tally.record(TestResult(outcome: .passed), runIndex: 0)
        let test = TestSummary(tally: tally, confidence: 0.95, targetFailureRate: 0.01)
        var configuration = FlakeReport.Configuration(
            packagePath: "/p", filters: [], skips: [], runs: 1, workers: 1, mode: "process", timeoutSeconds: 10,
            buildConfiguration: "debug", minPassRate: 1, confidence: 0.95, toolchain: nil, inputFiles: nil, shard: nil)
        configuration.targetFailureRate = 0.001
        let report = FlakeReport.assemble(command: "run", configuration: configuration, startedAt: "a", finishedAt: "b",
                                          wallSeconds: 1, interrupted: false, runs: [], tests: [test], strategies: nil)
        let merged = try ReportMerger().merge([("a.json", report)])
        #expect(merged.tests.first?.proof?.targetFailureRate == 0.001)
        #expect(merged.configuration.targetFailureRate == 0.001)
    }
}

extension TrustFixesTests {
    /// The CPU count comes from the context (the process boundary), not from the machine the test runs on.
    @Test func workersDefaultToTheContextsCPUs() throws {
        var context = CommandContext(stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
                                     currentDirectory: NSTemporaryDirectory())
        context.processorCount = 7
        let parsed = try ParsedArguments.parse([], specs: RunPlan.optionSpecs, usage: "")
        #expect(try RunPlan(arguments: parsed, context: context, usage: "").workers == 7)
        #expect(!context.handlesInterrupts, "a session in a test leaves SIGINT to the test process")
    }
}
