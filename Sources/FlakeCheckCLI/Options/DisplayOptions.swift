
/// What the terminal and GitHub's step summary show: `--quiet`, `--no-color`, `--no-step-summary`,
/// `--show-tests`.
package struct DisplayOptions: OptionGroup {
    package var quiet = false
    var noColor = false
    var appendStepSummary = true
    var showTests = false

    package init() {}

    static let noStepSummary = OptionField<Self>(
        Flag("--no-step-summary", help: "Do not append the Markdown summary to $GITHUB_STEP_SUMMARY"),
        \.appendStepSummary, setting: false)
    package static let quiet = OptionField<Self>(
        Flag("--quiet", help: "Print only the summary table (no progress, no build output)"), \.quiet)
    static let noColor = OptionField<Self>(
        Flag("--no-color", help: "Never colour the output (NO_COLOR is honoured too)"), \.noColor)
    static let showTests = OptionField<Self>(
        Flag(
            "--show-tests",
            help: "Print the per-test table too (report.json and --format html "
                + "always have it); by default the strategy table is what is printed"),
        \.showTests)
    package static let help = Flag("--help", help: "Show this help")
    package static let fields = [noStepSummary, quiet, noColor, showTests]
    /// How a gated report is shown, and `--help` (`--show-tests` is `compare`'s and `demo`'s, added by them).
    package static let specs = [noStepSummary.spec, quiet.spec, noColor.spec, help.spec]
    /// Every command that writes a gated report: the baseline beside how it is shown.
    static let gateSpecs = [ReportOptions.baseline.spec] + specs
}
