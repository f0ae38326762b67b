/// `--until-proven`: when a test's verdict is settled and it needs no more runs.
///
/// - passed and failed (or crashed, timed out) at least once each: flaky, whatever more runs show;
/// - only clean runs, and enough of them that the exact upper bound on the failure rate is below the
///   target: proven;
/// - never passed, and as many failing runs as would prove a pass rate below the target: failing;
/// - skipped in its first run and never counted: skipped (skips are decided by code, not by chance).
/// Anything else keeps running until `--max-runs`. The numbers only: Reporting words them.
public enum AdaptiveDecision {
    public static func decide(passed: Int, counted: Int, skipped: Int, confidence: Double,
                              target: Double) -> StopDecision? {
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

/// Why `--until-proven` stopped running a test, in numbers.
public enum StopDecision: Equatable, Sendable {
    case flaky(passed: Int, failed: Int)
    case proven(failureRateBelow: Double, confidence: Double, cleanRuns: Int)
    case failing(runs: Int)
    case skipped
    /// Still undecided when `--max-runs` ran out.
    case maxRunsReached(Int)
    /// `--rerun-failures`: failed its first run, passed on rerun `attempt` (after `failures` failures).
    case passedOnRerun(attempt: Int, failures: Int)
    /// `--rerun-failures`: failed its first run and every rerun; the pass rate is below `passRateBelow`
    /// at `confidence` (no pass in `runs` runs).
    case failedEveryRerun(runs: Int, passRateBelow: Double, confidence: Double)
}
