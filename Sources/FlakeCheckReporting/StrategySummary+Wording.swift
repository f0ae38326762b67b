import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport

/// A strategy's result in one sentence, for the terminal and the reports.
extension StrategySummary {
    /// "naive-yield failed 7 of 100 runs (pass rate 93.0%, 95% CI 86.3%-96.6%)" or
    /// "continuation passed 100 of 100 runs (failure rate below 2.95% at 95% confidence)", and the runs
    /// that were incomplete.
    package var statement: String {
        let confidence = passRateInterval.confidence
        var statement = Self.statement(name: name, passed: passed, counted: passed + failed, confidence: confidence)
        if let incomplete, incomplete > 0 {
            statement +=
                "; \(Formatting.count(incomplete, "run")) incomplete (lost results or a process that "
                + "could not start), counted as neither pass nor failure"
        }
        return statement
    }

    package static func statement(name: String, passed: Int, counted: Int, confidence: Double) -> String {
        let level = Formatting.confidenceLabel(confidence)
        guard counted > 0 else { return "\(name) never ran to an outcome" }
        if passed == counted {
            let bound = ConfidenceBounds.failureRateUpperBound(cleanRuns: counted, confidence: confidence)
            return "\(name) passed \(passed) of \(Formatting.count(counted, "run")) (failure rate below "
                + Formatting.percentage(bound) + " at \(level) confidence)"
        }
        let interval = ProportionInterval.wilson(successes: passed, trials: counted, confidence: confidence)
        return "\(name) failed \(counted - passed) of \(Formatting.count(counted, "run")) (pass rate "
            + "\(Formatting.percent(Double(passed) / Double(counted))), \(level) CI \(Formatting.interval(interval)))"
    }
}
