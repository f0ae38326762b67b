/// One reason the gate failed, in numbers: report.json keeps it as it is (`gate.failures`), and
/// Reporting words it (`GateFailure+Wording`).
public enum GateFailure: Equatable, Codable, Sendable {
    /// The test's `--baseline` entry has expired, so its flakiness counts again.
    case baselineExpired(test: String, strategy: String?)
    /// The test was selected but never ran to an outcome.
    case neverRan(test: String, strategy: String?)
    /// `--rerun-failures`: the test failed its first run and every rerun.
    case neverPassed(test: String, strategy: String?, runs: Int)
    case belowMinPassRate(test: String, strategy: String?, passRate: Double, minPassRate: Double)
    /// `history`: the test's runs all ended in a pass, but in `runs` of them only a CI rerun passed it
    /// after it failed (`<flakyFailure>`): flaky, which a 100% minimum does not allow.
    case passedOnlyOnRerun(test: String, strategy: String?, runs: Int)
    /// `--fail-on-new-flaky`: a test the change chose (`change`) failed in `failedRuns` of its `runs`; its
    /// first failure was run `firstFailingRun` (1-based), which `--replay` repeats.
    case changedTestFailed(
        test: String, strategy: String?, change: TestChange, failedRuns: Int, runs: Int, firstFailingRun: Int)
    /// A run's incident flakecheck could not resolve (`RunIncident.isUnresolved`); `run` counts from 0.
    case unresolvedIncident(run: Int, strategy: String?, incident: RunIncident)
    /// The run was interrupted (Ctrl-C, SIGTERM, SIGHUP) after `runs` runs finished: its numbers cover
    /// only those, so no gate that relies on them can pass.
    case interrupted(runs: Int)
    /// `--sanitize thread`: a data race, whatever the tests' outcomes.
    case dataRace(summary: String, tests: [String], runs: Int)
}
