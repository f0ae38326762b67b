import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

@Suite struct BaselineTests {
    static func facts(_ id: String, passed: Int, of runs: Int) -> TestFacts {
        var tally = TestTally(identity: TestIdentity(canonicalID: id, framework: .xctest))
        for run in 0..<runs { tally.record(TestResult(outcome: run < passed ? .passed : .failed), runIndex: run) }
        return TestFacts(tally: tally)
    }

    /// The summaries of `facts` with `baseline`'s entries as of `today`, as a command makes them.
    static func summaries(_ facts: [TestFacts], _ baseline: Baseline) -> [TestSummary] {
        let listings = baseline.listings(today: today)
        return facts.map { facts in
            var facts = facts
            facts.baseline = listings[facts.id]
            return TestSummary(facts: facts, confidence: 0.95)
        }
    }

    static let today = Baseline.day("2026-11-22")!

    @Test func baselinedFlakyTestDoesNotTripTheGate() {
        let tests = Self.summaries(
            [Self.facts("M.A/testFlaky", passed: 90, of: 100), Self.facts("M.A/testOther", passed: 100, of: 100)],
            Baseline(entries: [.init(id: "M.A/testFlaky", reason: "JIRA-12", expires: "2027-01-01")]))
        #expect(tests[0].baseline?.state == .knownFlaky)
        #expect(tests[1].baseline == nil)
        #expect(FlakeReport.Gate(tests: tests, minPassRate: 1).passed)
        // The gate line does not claim every test is at 100% while the baseline excuses one at 90%.
        let report = FlakeReport(
            schemaVersion: 1, tool: .init(name: "flakecheck", version: "test"), command: "run",
            configuration: .init(
                packagePath: "/p", filters: [], skips: [], runs: 100, workers: 1, mode: "process",
                timeoutSeconds: 10, buildConfiguration: "debug", minPassRate: 1, confidence: 0.95,
                toolchain: nil, inputFiles: nil, shard: nil, untilProven: nil, notes: nil),
            startedAt: "2026-01-01T00:00:00Z", finishedAt: "2026-01-01T00:00:01Z", wallSeconds: 1, interrupted: false,
            runs: [], tests: tests, summary: .init(tests: tests), gate: .init(tests: tests, minPassRate: 1),
            strategies: nil)
        #expect(
            TerminalReport(useColor: false).gateLines(report)
                == "Gate passed: every test at or above 100% (min-pass-rate), but for 1 known-flaky test the baseline "
                + "excuses\n"
        )
    }

    @Test func expiredEntryTripsTheGateEvenForAStableTest() {
        let tests = Self.summaries(
            [Self.facts("M.A/testFlaky", passed: 100, of: 100)],
            Baseline(entries: [.init(id: "M.A/testFlaky", reason: nil, expires: "2026-11-01")]))
        #expect(tests[0].baseline?.state == .expired)
        #expect(FlakeReport.Gate(tests: tests, minPassRate: 1).belowThreshold == ["M.A/testFlaky"])
    }

    @Test func stableBaselinedTestIsReportedFixed() {
        let tests = Self.summaries(
            [Self.facts("M.A/testFlaky", passed: 100, of: 100)],
            Baseline(entries: [.init(id: "M.A/testFlaky", reason: nil, expires: nil)]))
        #expect(tests[0].baseline?.state == .fixed)
        #expect(FlakeReport.Gate(tests: tests, minPassRate: 1).passed)
    }

    @Test func baselineFromReportListsFlakyAndFailingTests() throws {
        let report = HostileReport.make()
        let baseline = Baseline.from(report, reason: "accepted", expires: "2027-01-01")
        let expected = report.tests.filter { [.flaky, .failing].contains($0.verdict) }.map(\.id).sorted()
        #expect(baseline.entries.map(\.id) == expected)
        #expect(baseline.entries.allSatisfy { $0.reason == "accepted" && $0.expires == "2027-01-01" })
    }

    @Test func badBaselineFilesAreRefusedClearly() throws {
        let path = NSTemporaryDirectory() + "fc-baseline-\(UUID()).json"
        try Data(#"{"schemaVersion": 1, "entries": [{"id": "x", "expires": "next week"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(throws: FlakeCheckError.self) { try Baseline.load(path) }
        #expect(throws: FlakeCheckError.self) { try Baseline.load("/nonexistent/baseline.json") }
    }
}
