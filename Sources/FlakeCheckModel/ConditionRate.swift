/// How a test did in the runs that had one `--perturb` condition (`ConditionRates`).
public struct ConditionRate: Equatable, Codable, Sendable {
    public var condition: String
    public var passed: Int
    public var counted: Int
    /// `learnedArms`: the worker-slot seconds those runs held (what `--hunt`'s learner pays for an arm);
    /// nil in rates read from run records, and in reports written before 2026-11-28.
    public var seconds: Double? = nil

    package init(condition: String, passed: Int, counted: Int, seconds: Double? = nil) {
        self.condition = condition
        self.passed = passed
        self.counted = counted
        self.seconds = seconds
    }
}
