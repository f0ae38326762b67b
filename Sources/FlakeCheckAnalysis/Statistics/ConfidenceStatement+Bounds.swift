import FlakeCheckModel
import Foundation

/// The proof worked out from the counts (Clopper-Pearson bounds): numbers only. Reporting words it
/// (`ConfidenceStatement+Wording.swift`).
extension ConfidenceStatement {
    package init(provingFrom passed: Int, counted: Int, confidence: Double, target: Double) {
        self.init(targetFailureRate: target)
        let failures = counted - passed
        let needed = ConfidenceBounds.cleanRunsNeeded(toProveBelow: target, confidence: confidence)
        if counted == 0 {
            cleanRunsNeeded = needed
        } else if failures == 0 {
            let bound = ConfidenceBounds.failureRateUpperBound(cleanRuns: counted, confidence: confidence)
            failureRateUpperBound = bound
            cleanRunsNeeded = bound < target ? nil : needed
        } else {
            failureRateInterval = ConfidenceBounds.clopperPearson(
                events: failures, trials: counted, confidence: confidence)
        }
    }
}
