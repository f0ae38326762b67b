import FlakeCheckModel

/// `--until-proven`: when a test's verdict is settled and it needs no more runs.
///
/// - passed and failed (or crashed, timed out) at least once each: flaky, whatever more runs show;
/// - only clean runs, and enough of them that the exact upper bound on the failure rate is below the
///   target: proven;
/// - never passed, and as many failing runs as would prove a pass rate below the target: failing;
/// - skipped in its first run and never counted: skipped (skips are decided by code, not by chance).
/// Anything else keeps running until `--max-runs`. The numbers only: Reporting words them.
package enum AdaptiveDecision {
    package static func decide(
        passed: Int, counted: Int, skipped: Int, confidence: Double,
        target: Double
    ) -> StopDecision? {
        let failed = counted - passed
        let needed = ConfidenceBounds.cleanRunsNeeded(toProveBelow: target, confidence: confidence)
        if passed > 0 && failed > 0 { return .flaky(passed: passed, failed: failed) }
        if failed == 0 && counted >= needed {
            let bound = ConfidenceBounds.failureRateUpperBound(cleanRuns: counted, confidence: confidence)
            return .proven(failureRateBelow: bound, confidence: confidence, cleanRuns: counted)
        }
        if passed == 0 && counted >= needed { return .failing(runs: counted) }
        if counted == 0 && skipped > 0 { return .skipped }
        return nil
    }
}
