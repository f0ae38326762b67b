/// After a `--perturb` run, how to see a flaky or failing test fail again soonest: the first run it failed
/// in (which `run --replay REPORT --run K` repeats, conditions and all), and the one condition under which
/// it failed most often, when one failed more often than the test did overall.
public struct Reproduction: Equatable, Codable, Sendable {
    /// 1-based, as logs and `--run` number runs.
    public var firstFailingRun: Int
    /// A `--hunt` label (`slow tasks`, `cpus 1`, …); nil when no condition beat plain runs (or, without
    /// plain runs, the runs without it) beyond chance.
    public var condition: String?
    public var conditionFailures: Int?
    public var conditionRuns: Int?
    /// The first failing run that had `condition`, when that is not `firstFailingRun` (1-based): the run
    /// whose replay repeats the condition named.
    public var conditionRun: Int? = nil
    /// The rate the condition is measured against: the test's failures and counted runs under the plain
    /// arm when it had at least 10 (`--hunt`), else in the runs without the condition; nil in older reports.
    public var baselineFailures: Int? = nil
    public var baselineRuns: Int? = nil
    /// Whether the baseline is plain runs.
    public var baselineIsPlain: Bool? = nil
    /// How likely luck alone would put so large a share of the failures under `condition` (already times
    /// the number of conditions compared); below 5% when a condition is named.
    public var chance: Double? = nil

    package init(
        firstFailingRun: Int, condition: String? = nil, conditionFailures: Int? = nil, conditionRuns: Int? = nil,
        conditionRun: Int? = nil, baselineFailures: Int? = nil, baselineRuns: Int? = nil, baselineIsPlain: Bool? = nil,
        chance: Double? = nil
    ) {
        self.firstFailingRun = firstFailingRun
        self.condition = condition
        self.conditionFailures = conditionFailures
        self.conditionRuns = conditionRuns
        self.conditionRun = conditionRun
        self.baselineFailures = baselineFailures
        self.baselineRuns = baselineRuns
        self.baselineIsPlain = baselineIsPlain
        self.chance = chance
    }
}
