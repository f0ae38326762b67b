/// The one-word answer per test that a CI job can act on.
public enum Verdict: String, Codable, Sendable, CaseIterable {
    /// Passed every run in which it ran.
    case stable
    /// Passed in some runs and failed, crashed or timed out in others.
    case flaky
    /// Ran and never passed.
    case failing
    /// Skipped (or cancelled) every time it was reached.
    case skipped
    /// Never reached: for example every run crashed before it started. Never reported as stable.
    case notRun = "not-run"

    package init(passed: Int, counted: Int, skipped: Int) {
        if counted == 0 {
            self = skipped > 0 ? .skipped : .notRun
        } else if passed == counted {
            self = .stable
        } else if passed == 0 {
            self = .failing
        } else {
            self = .flaky
        }
    }

    /// What the counts say, unless a test's history says more: a test that passed and failed on one
    /// commit, or passed only on a CI rerun after failing (`<flakyFailure>`, `<rerunFailure>`), is flaky
    /// whatever its runs' final outcomes were.
    package init(passed: Int, counted: Int, skipped: Int, history: HistoryFinding?) {
        self.init(passed: passed, counted: counted, skipped: skipped)
        if self == .stable, let history, history.passedAfterRerun > 0 || history.flipCommitCount > 0 { self = .flaky }
    }
}
