import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// What the terminal and GitHub's step summary show: `--quiet`, `--no-color`, `--no-step-summary`,
/// `--show-tests`.
package struct DisplayOptions: OptionGroup {
    package static let noStepSummary = Flag(
        "--no-step-summary", help: "Do not append the Markdown summary to $GITHUB_STEP_SUMMARY")
    package static let quiet = Flag("--quiet", help: "Print only the summary table (no progress, no build output)")
    package static let noColor = Flag("--no-color", help: "Never colour the output (NO_COLOR is honoured too)")
    package static let showTests = Flag(
        "--show-tests",
        help: "Print the per-test table too (report.json and --format html "
            + "always have it); by default the strategy table is what is printed")
    package static let help = Flag("--help", help: "Show this help")
    /// How a gated report is shown (`--show-tests` is `compare`'s and `demo`'s, added by them).
    package static let specs = [noStepSummary.spec, quiet.spec, noColor.spec, help.spec]
    /// Every command that writes a gated report: the baseline beside how it is shown.
    package static let gateSpecs = [ReportOptions.baseline.spec] + specs

    package var quiet: Bool
    package var noColor: Bool
    package var appendStepSummary: Bool
    package var showTests: Bool

    package init(_ parsed: ParsedArguments) throws {
        quiet = parsed.has(Self.quiet)
        noColor = parsed.has(Self.noColor)
        appendStepSummary = !parsed.has(Self.noStepSummary)
        showTests = parsed.has(Self.showTests)
    }
}
