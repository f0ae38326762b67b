import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport

/// `--until-proven` and `--rerun-failures` stop reasons in words, for the terminal and the reports (report.json
/// keeps the decision itself, `stopDecision`).
extension StopDecision {
    package var sentence: String {
        switch self {
        case .flaky(let passed, let failed):
            "flaky: passed \(passed) and failed \(failed) of \(Formatting.count(passed + failed, "run"))"
        case .proven(let bound, let confidence, let cleanRuns):
            "proven: failure rate below " + Formatting.percentage(bound)
                + " at \(Formatting.confidenceLabel(confidence)) confidence after \(cleanRuns) clean runs"
        case .failing(let runs):
            "failing: never passed in \(Formatting.count(runs, "run"))"
        case .skipped:
            "skipped: the test skips itself"
        case .maxRunsReached(let maxRuns):
            "max-runs reached: still undecided after \(Formatting.count(maxRuns, "run"))"
        case .budgetSpent(let runs, let bound, let confidence):
            "budget spent: no failure in \(Formatting.count(runs, "run")): below " + Formatting.percentage(bound)
                + " at \(Formatting.confidenceLabel(confidence)) confidence"
        case .passedOnRerun(let attempt, let failures):
            "flaky: failed \(failures == 1 ? "its first run" : "its first \(failures) runs"), passed on rerun "
                + "\(attempt)"
        case .failedEveryRerun(let runs, let bound, let confidence):
            "failing: failed its first run and all \(Formatting.count(runs - 1, "rerun")); pass rate below "
                + Formatting.percentage(bound) + " at \(Formatting.confidenceLabel(confidence)) confidence"
        }
    }
}

extension AdaptiveDecision {
    /// The decision in words; nil while the test is undecided.
    package static func stopReason(passed: Int, counted: Int, skipped: Int, confidence: Double, target: Double)
        -> String?
    {
        decide(passed: passed, counted: counted, skipped: skipped, confidence: confidence, target: target)?.sentence
    }
}
