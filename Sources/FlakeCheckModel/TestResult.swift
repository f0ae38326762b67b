/// The result of one test in one run: its outcome, how long it took (when the library said so)
/// and the failures it recorded.
public struct TestResult: Equatable, Sendable {
    public var outcome: TestOutcome
    public var duration: Double?
    public var failures: [FailureRecord]
    /// Why the test was skipped, when it said (`XCTSkip("why")`, `.disabled("why")`).
    public var skipReason: String?

    public init(
        outcome: TestOutcome, duration: Double? = nil, failures: [FailureRecord] = [], skipReason: String? = nil
    ) {
        self.outcome = outcome
        self.duration = duration
        self.failures = failures
        self.skipReason = skipReason
    }
}
