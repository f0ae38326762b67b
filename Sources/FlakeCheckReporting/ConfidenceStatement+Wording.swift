import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport

/// What a test's runs prove, in one sentence: "failure rate below 9.50% at 95% confidence after 30 clean
/// runs; 299 clean runs would prove it below 1%".
extension ConfidenceStatement {
    package func sentence(passed: Int, counted: Int, confidence: Double) -> String {
        let level = Formatting.confidenceLabel(confidence)
        let target = targetFailureRate
        if counted == 0 { return "no counted runs, so nothing is proven" }
        if let bound = failureRateUpperBound {
            let needed = ConfidenceBounds.cleanRunsNeeded(toProveBelow: target, confidence: confidence)
            return "failure rate below " + Formatting.percentage(bound) + " at \(level) confidence after "
                + Formatting.count(counted, "clean run")
                + (bound < target
                    ? " (target " + Formatting.percentage(target) + " proven)"
                    : "; \(needed) clean runs would prove it below " + Formatting.percentage(target))
        }
        guard let interval = failureRateInterval else { return "" }
        return "failed \(counted - passed) of \(Formatting.count(counted, "run")): failure rate "
            + Formatting.percentage(interval.lower) + "-" + Formatting.percentage(interval.upper)
            + " at \(level) confidence"
    }
}

extension TestSummary {
    /// The test's proof in words, when it ran to an outcome at least once.
    var proofSentence: String? {
        guard countedRuns > 0 else { return nil }
        return proof?.sentence(passed: passed, counted: countedRuns, confidence: passRateInterval.confidence)
    }
}
