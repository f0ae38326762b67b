import FlakeCheckAnalysis
import FlakeCheckReporting
import FlakeCheckRunner

/// Where the report goes, in which formats, and what passes its gate: `--output`, `--format`, the gate's
/// options (`GateOptions`), `--baseline`.
package struct ReportOptions: OptionGroup {
    package var output = "Reports"
    package var formats: [ReportFormat] = [.json]
    package var gate = GateOptions()
    /// The baseline file as given; `loadBaseline` reads it.
    var baselinePath: String?

    package init() {}

    package static let output = OptionField<Self>(
        Option<String>.text("--output", value: "DIR", help: "Where report.json and kept logs go"), \.output)
    package static let format = OptionField<Self>(
        Option<[ReportFormat]>(
            "--format", value: "LIST", help: "Comma-separated report formats: \(ReportFormat.names)",
            shownDefault: "json", takes: "a list of report formats"
        ) { try ReportFormat.parseList($0) },
        \.formats)
    package static let baseline = OptionField<Self>(
        Option<String>.text(
            "--baseline", value: "FILE", help: "Known-flaky tests that do not trip the gate until their entry expires"),
        \.baselinePath)
    package static let fields = [output, format] + GateOptions.fields.map { $0.within(\.gate) } + [baseline]
    /// As `--help` lists them: the baseline goes with how a gated report is shown (`DisplayOptions.gateSpecs`).
    package static let specs = fields.filter { $0.spec.name != baseline.spec.name }.map(\.spec)

    func loadBaseline(_ context: CommandContext) throws -> Baseline? {
        try baselinePath.map { try Baseline.load(context.absolutePath($0)) }
    }
}
