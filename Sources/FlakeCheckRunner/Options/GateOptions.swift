
/// What the report's numbers are measured against (`--min-pass-rate`, `--confidence`,
/// `--target-failure-rate`): the gate's pass rate, the intervals' level, and the failure rate each
/// test's proof counts clean runs for. Every command that writes a report reads them.
package struct GateOptions: Sendable, Equatable {
    /// A test whose pass rate is below this fails the gate.
    package var minPassRate = 1.0
    /// The confidence level of every interval.
    package var confidence = 0.95
    /// The failure rate each test's `proof` says how many clean runs would rule out.
    package var targetFailureRate = 0.01

    package init() {}
}
