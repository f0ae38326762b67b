import Foundation

/// The proof worked out from the counts (Clopper-Pearson bounds), and said in one sentence.
extension ConfidenceStatement {
    public init(passed: Int, counted: Int, confidence: Double, target: Double) {
        let level = Formatting.confidenceLabel(confidence)
        let failures = counted - passed
        targetFailureRate = target
        let needed = ConfidenceBounds.cleanRunsNeeded(toProveBelow: target, confidence: confidence)
        if counted == 0 {
            sentence = "no counted runs, so nothing is proven"
            cleanRunsNeeded = needed
        } else if failures == 0 {
            let bound = ConfidenceBounds.failureRateUpperBound(cleanRuns: counted, confidence: confidence)
            failureRateUpperBound = bound
            cleanRunsNeeded = bound < target ? nil : needed
            sentence = "failure rate below " + Self.percent(bound) + " at \(level) confidence after \(counted) clean runs"
                + (bound < target ? " (target " + Self.percent(target) + " proven)"
                   : "; \(needed) clean runs would prove it below " + Self.percent(target))
        } else {
            let interval = ConfidenceBounds.clopperPearson(events: failures, trials: counted, confidence: confidence)
            failureRateInterval = interval
            sentence = "failed \(failures) of \(Formatting.count(counted, "run")): failure rate " + Self.percent(interval.lower) + "-"
                + Self.percent(interval.upper) + " at \(level) confidence"
        }
    }

    static func percent(_ value: Double) -> String {
        String(format: "%.2f%%", value * 100)
    }
}
