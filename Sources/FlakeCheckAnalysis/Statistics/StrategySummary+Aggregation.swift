import FlakeCheckModel
import Foundation

extension StrategySummary {
    /// Combines a strategy's tests run by run: a run fails when any of its tests failed, crashed or
    /// timed out in it, passes when at least one passed and none failed. A run that lost results or could
    /// not start a process is `incomplete`: never a pass, whatever its other tests did.
    package init(
        name: String, filter: String, tests: [TestSummary], runCount: Int, confidence: Double,
        records: [RunRecord] = []
    ) {
        var passed = 0
        var failed = 0
        var skipped = 0
        var incomplete = 0
        let histories = tests.map { Array($0.history) }
        let incompleteRuns = Set(
            records.filter { record in
                (record.incidents ?? []).contains { [.lostResults, .spawnFailure].contains($0.kind) }
            }.map(\.index))
        for run in 0..<(histories.map(\.count).max() ?? 0) {
            if incompleteRuns.contains(run) {
                incomplete += 1
                continue
            }
            let outcomes = histories.compactMap { run < $0.count ? TestOutcome(symbol: $0[run]) : nil }
            if outcomes.contains(where: \.isFailure) {
                failed += 1
            } else if outcomes.contains(.passed) {
                passed += 1
            } else if outcomes.contains(.skipped) {
                skipped += 1
            }
        }
        let counted = passed + failed
        let verdict = Verdict(passed: passed, counted: counted, skipped: skipped)
        self.init(
            name: name, filter: filter, testIDs: tests.map(\.id).sorted(), runs: counted + skipped,
            passed: passed, failed: failed, skipped: skipped,
            passRate: counted > 0 ? Double(passed) / Double(counted) : nil,
            passRateInterval: .wilson(successes: passed, trials: counted, confidence: confidence),
            durations: DurationStatistics(samples: tests.flatMap(\.durationSamples)),
            verdict: verdict,
            // Worded by Reporting (`StrategySummary.statement`) when a report is rendered.
            hints: Self.hints(of: tests), incomplete: incomplete)
    }

    /// The distinct synchronisation hints of the strategy's tests, `none` only when no test has another.
    package static func hints(of tests: [TestSummary]) -> [String] {
        // A deterministic hint on a test the runs found flaky or failing is never shown bare.
        let all = Set(
            tests.compactMap { test in
                test.hint.map { HintContradiction(test) == nil ? $0 : "\($0), yet \(test.verdict.rawValue)" }
            })
        let specific = all.subtracting([SynchronisationHint.none.rawValue])
        return specific.isEmpty ? all.sorted() : specific.sorted()
    }
}
