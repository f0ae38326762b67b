/// After a `--perturb` run, how to see a flaky or failing test fail again soonest: the first run it failed
/// in (which `run --replay REPORT --run K` repeats, conditions and all), and the one condition under which
/// it failed most often, when one failed more often than the test did overall.
public struct Reproduction: Equatable, Codable, Sendable {
    /// 1-based, as logs and `--run` number runs.
    public var firstFailingRun: Int
    /// A `--perturb` label (`slow tasks`, `cpus 1`, …); nil when no condition's failure rate stood above
    /// the test's own.
    public var condition: String?
    public var conditionFailures: Int?
    public var conditionRuns: Int?
    /// The first failing run that had `condition`, when that is not `firstFailingRun` (1-based): the run
    /// whose replay repeats the condition named.
    public var conditionRun: Int? = nil
}
