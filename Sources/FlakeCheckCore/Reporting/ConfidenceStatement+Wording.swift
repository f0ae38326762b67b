/// What a test's runs prove, in the one sentence the reports show and `report.json` keeps.
extension ConfidenceStatement {
    /// The proof of `passed` clean runs out of `counted`, worked out and worded.
    public init(passed: Int, counted: Int, confidence: Double, target: Double) {
        self.init(provingFrom: passed, counted: counted, confidence: confidence, target: target)
        sentence = Self.sentence(for: self, passed: passed, counted: counted, confidence: confidence)
    }

    static func sentence(for proof: ConfidenceStatement, passed: Int, counted: Int, confidence: Double) -> String {
        let level = Formatting.confidenceLabel(confidence)
        let target = proof.targetFailureRate
        if counted == 0 { return "no counted runs, so nothing is proven" }
        if let bound = proof.failureRateUpperBound {
            let needed = ConfidenceBounds.cleanRunsNeeded(toProveBelow: target, confidence: confidence)
            return "failure rate below " + Formatting.percentage(bound) + " at \(level) confidence after \(counted) clean runs"
                + (bound < target ? " (target " + Formatting.percentage(target) + " proven)"
                   : "; \(needed) clean runs would prove it below " + Formatting.percentage(target))
        }
        guard let interval = proof.failureRateInterval else { return "" }
        return "failed \(counted - passed) of \(Formatting.count(counted, "run")): failure rate "
            + Formatting.percentage(interval.lower) + "-" + Formatting.percentage(interval.upper) + " at \(level) confidence"
    }
}
