import FlakeCheckModel

/// What one console line means, as either framework's classifier reads it; the parser acts on this
/// alone, so both frameworks' lines go through the same handling.
package enum ConsoleLine: Equatable {
    /// `iteration` when the line names it (xcodebuild `(Iteration 2 of 3)`, Swift Testing 6.4 `(repetition 2)`).
    case started(TestReference, iteration: Int? = nil)
    case finished(TestReference, FinishStatus, duration: Double?)
    /// A skip with its reason: XCTest's note (its `skipped` end line follows), or Swift Testing's end.
    case skipped(TestReference, reason: String?, ends: Bool)
    case failure(TestReference, FailureRecord)
    /// A Swift Testing known issue or warning: its detail lines follow, but it fails nothing.
    case ignoredIssue
    /// A Swift Testing `↳ comment` or `± difference` line that continues the previous issue.
    case detail(String)
    /// The library's end-of-run summary: the process got through every test it was asked to run; `tests`
    /// is how many tests it counts, where it says (`Test run with 30 tests …`).
    case runFinished(TestFramework, tests: Int? = nil)
    /// xcodebuild's final `** TEST SUCCEEDED **` (or FAILED) banner: its session, both libraries, ended.
    case sessionFinished
    /// SwiftPM's `error: Process '…' exited with unexpected signal code 6`: the library's process died.
    case processDied(TestFramework, signal: Int32?)
    /// XCTest's `Executed N tests, …` line, which follows each suite's end; the one after the root suite's
    /// counts the run's tests.
    case executed(Int)
    /// The library's start-of-run line, or a Swift Testing `Iteration N started.` line.
    case runStarted(TestFramework)
    /// Suite boundaries, `Executed N tests` summaries, XCTest skip notes (the `skipped` end line
    /// follows), parameterized case lines, iterations, attachments: recognised, nothing to record.
    case structural
}
