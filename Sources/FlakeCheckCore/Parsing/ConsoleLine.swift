/// What one console line means, as either framework's classifier reads it; the parser acts on this
/// alone, so both frameworks' lines go through the same handling.
enum ConsoleLine: Equatable {
    case started(TestReference)
    case finished(TestReference, FinishStatus, duration: Double?)
    case failure(TestReference, FailureRecord)
    /// A Swift Testing known issue or warning: its detail lines follow, but it fails nothing.
    case ignoredIssue
    /// A Swift Testing `↳ comment` or `± difference` line that continues the previous issue.
    case detail(String)
    /// The library's end-of-run summary: the process got through every test it was asked to run.
    case runFinished(TestFramework)
    /// Suite boundaries, `Executed N tests` summaries, XCTest skip notes (the `skipped` end line
    /// follows), parameterized case lines, iterations, attachments: recognised, nothing to record.
    case structural
}
