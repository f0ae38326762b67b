import FlakeCheckModel
import Foundation

/// Reads report.json files of schema version 1 into today's report. Version 1 kept sentences where
/// version 2 keeps values, so each is brought back as far as the words allow: the stop reasons, which
/// flakecheck worded from a few numbers, are read back into those numbers; the gate, which follows from
/// the tests and runs, is worked out again; incidents, notes and worker-overlap notes keep their words
/// (`worded`), which hold more than their numbers do. Everything else is the same in both versions.
package enum ReportVersion1 {
    /// `report` as decoded from `data` (a version 1 file), brought to version 2.
    static func upgrade(_ report: FlakeReport, from data: Data) throws -> FlakeReport {
        struct Tests: Decodable {
            struct Test: Decodable {
                struct Note: Decodable { var message: String? }
                var stopReason: String?
                var workerOverlap: Note?
            }
            var tests: [Test]
        }
        var upgraded = report
        let saved = try JSONDecoder().decode(Tests.self, from: data).tests
        for (index, test) in zip(upgraded.tests.indices, saved) {
            upgraded.tests[index].stopDecision = test.stopReason.flatMap(stopDecision)
            upgraded.tests[index].workerOverlap?.worded = test.workerOverlap?.message
        }
        let configuration = upgraded.configuration
        upgraded.gate = FlakeReport.Gate(
            tests: upgraded.tests, minPassRate: configuration.minPassRate, runs: upgraded.runs,
            flakyPasses: configuration.rerunFailures != nil && configuration.failOnFlaky != true,
            sanitizerFindings: upgraded.sanitizerFindings ?? [])
        upgraded.schemaVersion = FlakeReport.currentSchemaVersion
        return upgraded
    }

    /// The decision a version 1 `stopReason` worded (`StopDecision+Wording` of that version); nil for
    /// words it never wrote.
    package static func stopDecision(_ sentence: String) -> StopDecision? {
        for (regex, decision) in stopReasonForms {
            guard let match = regex.firstMatch(in: sentence, range: NSRange(sentence.startIndex..., in: sentence))
            else { continue }
            return decision(
                (1..<match.numberOfRanges).map { String(sentence[Range(match.range(at: $0), in: sentence)!]) })
        }
        return nil
    }

    /// Each form version 1 worded a stop reason in, compiled once (a report can hold thousands), and the
    /// decision its captured numbers make.
    private static let stopReasonForms = stopReasonPatterns.map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    private static let stopReasonPatterns: [(String, @Sendable ([String]) -> StopDecision)] = [
        (#"^flaky: passed (\d+) and failed (\d+) of \d+ runs?$"#, { .flaky(passed: Int($0[0])!, failed: Int($0[1])!) }),
        (
            #"^proven: failure rate below ([\d.]+)% at ([\d.]+)% confidence after (\d+) clean runs$"#,
            {
                .proven(failureRateBelow: fraction($0[0]), confidence: fraction($0[1]), cleanRuns: Int($0[2])!)
            }
        ),
        (#"^failing: never passed in (\d+) runs?$"#, { .failing(runs: Int($0[0])!) }),
        (#"^skipped: the test skips itself$"#, { _ in .skipped }),
        (#"^max-runs reached: still undecided after (\d+) runs?$"#, { .maxRunsReached(runs: Int($0[0])!) }),
        (
            #"^flaky: failed its first run, passed on rerun (\d+)$"#,
            { .passedOnRerun(attempt: Int($0[0])!, failures: 1) }
        ),
        (
            #"^flaky: failed its first (\d+) runs, passed on rerun (\d+)$"#,
            {
                .passedOnRerun(attempt: Int($0[1])!, failures: Int($0[0])!)
            }
        ),
        (
            #"^failing: failed its first run and all (\d+) reruns?; pass rate below ([\d.]+)% at ([\d.]+)% "#
                + #"confidence$"#,
            {
                .failedEveryRerun(runs: Int($0[0])! + 1, passRateBelow: fraction($0[1]), confidence: fraction($0[2]))
            }
        ),
    ]

    /// `28.31` (a percentage with at most two decimals) as the fraction it was printed from, 0.2831.
    private static func fraction(_ percent: String) -> Double { (Double(percent)! * 10_000).rounded() / 1_000_000 }
}
