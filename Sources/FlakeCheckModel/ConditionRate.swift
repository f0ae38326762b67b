/// How a test did in the runs that had one `--perturb` condition (`ConditionRates`).
public struct ConditionRate: Equatable, Codable, Sendable {
    public var condition: String
    public var passed: Int
    public var counted: Int

    package init(condition: String, passed: Int, counted: Int) {
        self.condition = condition
        self.passed = passed
        self.counted = counted
    }
}
