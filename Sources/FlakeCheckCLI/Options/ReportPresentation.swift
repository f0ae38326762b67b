import FlakeCheckReporting

/// How `run`, `compare` and `demo` show a session's report, beside what the Runner measures (`RunPlan`):
/// the files written, colour, the per-test table and the GitHub step summary.
struct ReportPresentation: Sendable, Equatable {
    var formats: [ReportFormat] = [.json]
    var noColor = false
    /// `compare` and `demo`: print the per-test table as well as the strategy table.
    var showTests = false
    /// Append the Markdown summary to `$GITHUB_STEP_SUMMARY` when GitHub Actions provides one.
    var appendStepSummary = true

    init() {}
}
