import FlakeCheckModel

/// A deterministic hint (`continuation-gated`, `clock-gated`, `task-local-scoped`) on a test that the runs
/// measured flaky or failing. The reading and the measurement disagree, and the measurement wins: the gate
/// is real, but what fails is not behind it. Reports show this instead of the bare hint, so nobody reads
/// "continuation-gated" on a test that failed and stops looking.
package struct HintContradiction: Equatable, Sendable {
    package var hint: SynchronisationHint
    package var verdict: Verdict
    package var failedRuns: Int
    package var countedRuns: Int
    /// The gate in the test's own function; nil when it is reached only through code the test calls.
    package var gate: HintGate?
    /// The first failure's location, when the failure said where.
    package var firstFailure: String?
    /// True when that failure is a check in the test's own function above the gate: it runs before the
    /// gate is awaited.
    package var failureBeforeGate: Bool

    static let deterministic: Set<SynchronisationHint> = [.continuationGated, .clockGated, .taskLocalScoped]

    /// The contradiction in a test's summary, or nil when its hint and its verdict agree.
    package init?(_ test: TestSummary) {
        guard test.verdict == .flaky || test.verdict == .failing,
            let hint = test.hint.flatMap(SynchronisationHint.init(rawValue:)), Self.deterministic.contains(hint)
        else {
            return nil
        }
        self.hint = hint
        verdict = test.verdict
        failedRuns = test.countedRuns - test.passed
        countedRuns = test.countedRuns
        gate = test.hintGate
        firstFailure = test.failures.first { $0.location != nil }?.location
        failureBeforeGate = Self.isBefore(firstFailure, gate)
    }

    /// Same file, inside the test function (at or after its first line) and above the gate's line.
    static func isBefore(_ failure: String?, _ gate: HintGate?) -> Bool {
        guard let failure = failure.flatMap(fileAndLine), let gate, let gateLine = fileAndLine(gate.location),
            failure.file == gateLine.file
        else { return false }
        return failure.line >= gate.functionLine && failure.line < gateLine.line
    }

    /// `/src/Tests/CartTests.swift:12:5` → (`CartTests.swift`, 12). Test output prints absolute or
    /// relative paths, so files are compared by name.
    static func fileAndLine(_ location: String) -> (file: Substring, line: Int)? {
        var parts = location.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count > 2, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil {
            parts.removeLast()
        }
        guard parts.count > 1, let line = Int(parts[parts.count - 1]) else { return nil }
        let path = parts[parts.count - 2]
        return (path.split(separator: "/").last ?? path, line)
    }
}
