import Foundation

/// What a test's runs prove, in numbers and in one sentence: for a test that never failed, the exact
/// upper bound on its failure rate and how many clean runs would prove the target; for one that failed,
/// the exact interval of its failure rate.
public struct ConfidenceStatement: Equatable, Codable, Sendable {
    /// Clopper-Pearson one-sided upper bound, for tests with no failure in the counted runs.
    public var failureRateUpperBound: Double?
    /// Clopper-Pearson two-sided interval of the failure rate, for tests that failed at least once.
    public var failureRateInterval: ProportionInterval?
    public var targetFailureRate: Double
    /// Total clean runs needed to prove a failure rate below the target (nil once proven or when it failed).
    public var cleanRunsNeeded: Int?
    public var sentence: String

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
