import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// report.json of schema version 1 (sentences where version 2 keeps values) still reads, into the same
/// values and the same words. The fixtures are real version 1 reports, written by flakecheck 3fc4f9d on
/// KnownOutcomes before version 2 existed: `--until-proven`, `--rerun-failures`, a crash with two tests in
/// flight, and an in-process `compare`.
@Suite struct ReportVersion1Tests {
    static let fixtures = ["until", "rerun", "crash", "compare"]

    /// The version 1 file itself, as plain JSON, to compare the words it held with today's.
    static func original(_ name: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Fixture.data("reports-v1/\(name).json")) as? [String: Any])
    }

    static func upgraded(_ name: String) throws -> FlakeReport {
        try JSONReportFormat.decode(Fixture.data("reports-v1/\(name).json"), path: "\(name).json")
    }

    @Test(arguments: fixtures) func readsAsTheCurrentVersionWithTheSameWords(_ name: String) throws {
        let original = try Self.original(name)
        #expect(original["schemaVersion"] as? Int == 1)
        let report = try Self.upgraded(name)
        #expect(report.schemaVersion == FlakeReport.currentSchemaVersion)
        // Every stop reason reads back into the decision it was worded from, and words the same again.
        let tests = try #require(original["tests"] as? [[String: Any]])
        #expect(tests.count == report.tests.count)
        for (saved, test) in zip(tests, report.tests) {
            #expect(test.stopReason == saved["stopReason"] as? String, "\(test.id)")
            #expect((test.stopDecision != nil) == (saved["stopReason"] != nil), "\(test.id)")
        }
        // The gate, worked out again from the tests and runs, fails for the same reasons, in the same words.
        let gate = try #require(original["gate"] as? [String: Any])
        #expect(report.gate.reasons == gate["reasons"] as? [String])
        #expect(report.gate.belowThreshold == gate["belowThreshold"] as? [String])
        #expect(report.gate.passed == gate["passed"] as? Bool)
        // Incidents keep their words.
        let runs = try #require(original["runs"] as? [[String: Any]])
        let savedMessages = runs.flatMap {
            ($0["incidents"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        }
        #expect(report.runs.flatMap { ($0.incidents ?? []).map(\.message) } == savedMessages)
        // Written again, it is a version 2 report that reads back unchanged.
        let rewritten = try JSONReportFormat.encode(report)
        #expect(try JSONReportFormat.decode(rewritten, path: "again.json") == report)
    }

    @Test func theDecisionsOfBothFlagsAreReadBack() throws {
        let until = try Self.upgraded("until").tests.compactMap(\.stopDecision)
        #expect(until.contains(.skipped))
        #expect(until.contains(.flaky(passed: 3, failed: 1)))
        #expect(until.contains(.failing(runs: 9)))
        #expect(until.contains { if case .proven(_, 0.95, 9) = $0 { true } else { false } })
        let rerun = try Self.upgraded("rerun").tests.compactMap(\.stopDecision)
        #expect(rerun.contains { if case .failedEveryRerun(4, _, 0.95) = $0 { true } else { false } })
        // A note names its kind; a sentence version 1 never wrote stays a sentence.
        #expect(try Self.upgraded("compare").configuration.notes == [.inProcessRepetitions])
        let note = try JSONDecoder().decode(ConfigurationNote.self, from: Data(#""something else""#.utf8))
        #expect(note == .worded("something else"))
    }

    /// A version 1 worker-overlap note said more in its words than its numbers keep: it keeps them.
    @Test func aWorkerOverlapNoteKeepsItsWords() throws {
        var original = try Self.original("until")
        var tests = try #require(original["tests"] as? [[String: Any]])
        let message = "failed only while another worker's process ran (1 of 1 failure) and passed 20 of 20 runs"
        tests[0]["workerOverlap"] = ["overlappingFailures": 1, "soloRuns": 20, "soloPassed": 20, "message": message]
        original["tests"] = tests
        let report = try JSONReportFormat.decode(try JSONSerialization.data(withJSONObject: original), path: "v1.json")
        #expect(report.tests[0].workerOverlap?.message == message)
    }

    /// Every decision version 1 could word reads back from its words, as far as its rounding keeps.
    @Test(arguments: [
        StopDecision.flaky(passed: 3, failed: 1), .flaky(passed: 1, failed: 1),
        .proven(failureRateBelow: 0.2831, confidence: 0.95, cleanRuns: 9),
        .failing(runs: 1), .failing(runs: 12), .skipped, .maxRunsReached(runs: 1000), .maxRunsReached(runs: 1),
        .passedOnRerun(attempt: 2, failures: 1), .passedOnRerun(attempt: 3, failures: 3),
        .failedEveryRerun(runs: 4, passRateBelow: 0.5271, confidence: 0.95),
        .failedEveryRerun(runs: 2, passRateBelow: 0.95, confidence: 0.99),
    ])
    func stopReasonsReadBack(_ decision: StopDecision) {
        #expect(ReportVersion1.stopDecision(decision.sentence) == decision)
        #expect(ReportVersion1.stopDecision("stopped for no reason it ever gave") == nil)
    }
}
