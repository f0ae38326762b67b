/// `--until-proven`: when a test's verdict is settled and it needs no more runs.
///
/// - passed and failed (or crashed, timed out) at least once each: flaky, whatever more runs show;
/// - only clean runs, and enough of them that the exact upper bound on the failure rate is below the
///   target: proven;
/// - never passed, and as many failing runs as would prove a pass rate below the target: failing;
/// - skipped in its first run and never counted: skipped (skips are decided by code, not by chance).
/// Anything else keeps running until `--max-runs`.
public enum AdaptiveDecision {
    public static func stopReason(passed: Int, counted: Int, skipped: Int, confidence: Double,
                                  target: Double) -> String? {
        let failed = counted - passed
        let level = Formatting.confidenceLabel(confidence)
        let needed = ConfidenceBounds.cleanRunsNeeded(toProveBelow: target, confidence: confidence)
        if passed > 0 && failed > 0 {
            return "flaky: passed \(passed) and failed \(failed) of \(Formatting.count(counted, "run"))"
        }
        if failed == 0 && counted >= needed {
            let bound = ConfidenceBounds.failureRateUpperBound(cleanRuns: counted, confidence: confidence)
            return "proven: failure rate below " + ConfidenceStatement.percent(bound)
                + " at \(level) confidence after \(counted) clean runs"
        }
        if passed == 0 && counted >= needed {
            return "failing: never passed in \(Formatting.count(counted, "run"))"
        }
        if counted == 0 && skipped > 0 {
            return "skipped: the test skips itself"
        }
        return nil
    }
}
