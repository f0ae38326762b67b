import FlakeCheckModel

/// How a test ended, as the test library reported it.
public enum FinishStatus: String, Sendable, Equatable {
    case passed, failed, skipped
    /// xcodebuild names the test that took its runner down: `Restarting after unexpected exit, crash, or
    /// test timeout in Class.method(); …`.
    case crashed
}

/// The one event model both frameworks and both output channels (console text, event stream) parse into.
public enum TestEvent: Equatable, Sendable {
    /// A test record from Swift Testing's event stream: where the test is declared and what it is called.
    /// Boxed, as `issue` is: both are rare and large, and every other event is copied twice on its way
    /// from the parser to the results, so the enum is kept to the size of a start or an end.
    indirect case declared(TestDeclaration)
    case started(TestReference)
    /// A start that names its iteration: xcodebuild's `started (Iteration 2 of 3).` (`-test-iterations`,
    /// `-retry-tests-on-failure`) and Swift Testing 6.4's `started (repetition 2).`; 1-based.
    case iterationStarted(TestReference, iteration: Int)
    /// A failing issue. Known issues and warnings never become events: they do not fail a test.
    indirect case issue(TestReference, FailureRecord)
    case finished(TestReference, FinishStatus, duration: Double?)
    /// Why a test is skipped, printed before (XCTest's `Test skipped - why`) or with (Swift Testing's
    /// `skipped: "why"`) its skipped end.
    case skipReason(TestReference, String)
    /// The library's end-of-run summary line or record: the process got to the end of its tests.
    case runFinished(TestFramework)
    /// How many tests that summary counts (Swift Testing's `Test run with 30 tests …`), just before it.
    case runCounted(TestFramework, tests: Int)
    /// The library's start-of-run line (`Test Suite 'All tests' started`, `Test run started.`,
    /// `Iteration 2 started.`): where one run of a saved log that holds several begins.
    case runStarted(TestFramework)
    /// SwiftPM said the library's test process died (`error: Process '…' exited with unexpected signal
    /// code 6`), on that signal: its tests still running have no end to come.
    case processDied(TestFramework, signal: Int32?)
    /// The runtime's last words (`Fatal error: …`) or the backtracer's, printed while a test was running.
    case crashReported(String)
}

extension TestOutcome {
    /// The outcome a library's end line reports.
    package init(_ status: FinishStatus) {
        switch status {
        case .passed: self = .passed
        case .failed: self = .failed
        case .skipped: self = .skipped
        case .crashed: self = .crashed
        }
    }
}
