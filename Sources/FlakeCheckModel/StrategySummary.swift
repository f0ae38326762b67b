/// One strategy of a `compare` run: a named filter, the tests it covers and their combined numbers.
/// A strategy's run passes when every one of its tests passed in that run.
public struct StrategySummary: Equatable, Codable, Sendable {
    public var name: String
    public var filter: String
    public var testIDs: [String]
    public var runs: Int
    public var passed: Int
    public var failed: Int
    public var skipped: Int
    public var passRate: Double?
    public var passRateInterval: ProportionInterval
    public var durations: DurationStatistics?
    public var verdict: Verdict
    public var hints: [String]
    /// Runs that lost results or could not start a process: counted neither as passed nor failed, and
    /// never shown as a pass. Nil in reports written before this existed.
    public var incomplete: Int? = nil

    package init(
        name: String, filter: String, testIDs: [String], runs: Int, passed: Int, failed: Int, skipped: Int,
        passRate: Double? = nil, passRateInterval: ProportionInterval, durations: DurationStatistics? = nil,
        verdict: Verdict, hints: [String], incomplete: Int? = nil
    ) {
        self.name = name
        self.filter = filter
        self.testIDs = testIDs
        self.runs = runs
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
        self.passRate = passRate
        self.passRateInterval = passRateInterval
        self.durations = durations
        self.verdict = verdict
        self.hints = hints
        self.incomplete = incomplete
    }
}
