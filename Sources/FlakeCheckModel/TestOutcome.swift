/// What happened to one test in one run.
///
/// `notRun` exists so that a test whose process died before reaching it is never mistaken for a pass:
/// it is simply not counted for that run.
public enum TestOutcome: String, Codable, Sendable, CaseIterable {
    case passed
    case failed
    case skipped
    case crashed
    case timedOut
    case notRun

    /// One character per outcome, used for the compact per-run history string in reports.
    package var symbol: Character {
        switch self {
        case .passed: "P"
        case .failed: "F"
        case .skipped: "S"
        case .crashed: "C"
        case .timedOut: "T"
        case .notRun: "-"
        }
    }

    /// `symbol` as its one ASCII byte: a history of thousands of runs is made from bytes, not Characters.
    package var asciiSymbol: UInt8 {
        switch self {
        case .passed: UInt8(ascii: "P")
        case .failed: UInt8(ascii: "F")
        case .skipped: UInt8(ascii: "S")
        case .crashed: UInt8(ascii: "C")
        case .timedOut: UInt8(ascii: "T")
        case .notRun: UInt8(ascii: "-")
        }
    }

    public init?(symbol: Character) {
        guard let match = TestOutcome.allCases.first(where: { $0.symbol == symbol }) else { return nil }
        self = match
    }

    /// Failed, crashed or timed out: what fails a run, keeps its log, and makes a test flaky.
    package var isFailure: Bool {
        switch self {
        case .failed, .crashed, .timedOut: true
        case .passed, .skipped, .notRun: false
        }
    }

    /// How bad an outcome is: when one test reports twice in one run, the worse report stands.
    package var severity: Int {
        switch self {
        case .notRun: 0
        case .skipped: 1
        case .passed: 2
        case .failed: 3
        case .timedOut: 4
        case .crashed: 5
        }
    }

    /// Whether the run counts towards the pass rate (skips and runs that never reached the test do not).
    package var isCounted: Bool {
        switch self {
        case .passed, .failed, .crashed, .timedOut: true
        case .skipped, .notRun: false
        }
    }
}
