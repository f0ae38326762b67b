/// The result of one test in one run: its outcome, how long it took (when the library said so)
/// and the failures it recorded.
package struct TestResult: Equatable, Sendable {
    package var outcome: TestOutcome
    package var duration: Double?
    package var failures: [FailureRecord]
    /// Why the test was skipped, when it said (`XCTSkip("why")`, `.disabled("why")`).
    package var skipReason: String?

    package init(
        outcome: TestOutcome, duration: Double? = nil, failures: [FailureRecord] = [], skipReason: String? = nil
    ) {
        self.outcome = outcome
        self.duration = duration
        self.failures = failures
        self.skipReason = skipReason
    }
}
