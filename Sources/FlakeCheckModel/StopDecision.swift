/// Why `--until-proven` (or `--rerun-failures`) stopped running a test, in numbers: report.json keeps
/// them as they are, and Reporting words them (`StopDecision+Wording`).
public enum StopDecision: Equatable, Codable, Sendable {
    case flaky(passed: Int, failed: Int)
    case proven(failureRateBelow: Double, confidence: Double, cleanRuns: Int)
    case failing(runs: Int)
    case skipped
    /// Still undecided when `--max-runs` ran out.
    case maxRunsReached(runs: Int)
    /// `--budget`: the time ran out after `runs` clean runs, which put its failure rate below
    /// `failureRateBelow` at `confidence` (short of `--target-failure-rate`).
    case budgetSpent(runs: Int, failureRateBelow: Double, confidence: Double)
    /// `--rerun-failures`: failed its first run, passed on rerun `attempt` (after `failures` failures).
    case passedOnRerun(attempt: Int, failures: Int)
    /// `--rerun-failures`: failed its first run and every rerun; the pass rate is below `passRateBelow`
    /// at `confidence` (no pass in `runs` runs).
    case failedEveryRerun(runs: Int, passRateBelow: Double, confidence: Double)
}
