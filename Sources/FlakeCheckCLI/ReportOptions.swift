import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Where the report goes, in which formats, and what passes its gate: `--output`, `--format`,
/// `--min-pass-rate`, `--confidence`, `--target-failure-rate`, `--baseline`.
package struct ReportOptions: OptionGroup {
    package static let output = Option<String>.text(
        "--output", value: "DIR", help: "Where report.json and kept logs go", default: "Reports")
    package static let format = Option<String>.text(
        "--format", value: "LIST", help: "Comma-separated report formats: json, markdown, html, junit",
        default: "json")
    package static let minPassRate = Option<Double>.number(
        "--min-pass-rate", value: "R", help: "Exit 1 when a test's pass rate is below R (0 to 1)",
        default: 1.0, range: 0...1, takes: "a pass rate from 0 to 1")
    package static let confidence = Option<Double>.number(
        "--confidence", value: "C", help: "Confidence level of the intervals",
        default: 0.95, range: 0.5...0.9999, takes: "a confidence level from 0.5 to 0.9999")
    package static let targetFailureRate = Option<Double>.number(
        "--target-failure-rate", value: "P", help: "Failure rate the report says how many clean runs would prove",
        default: 0.01, range: 0.000001...0.5, takes: "a failure rate from 0.000001 to 0.5")
    package static let baseline = Option<String>.text(
        "--baseline", value: "FILE",
        help: "Known-flaky tests that do not trip the gate until their entry expires")
    package static let specs = [output.spec, format.spec, minPassRate.spec, confidence.spec, targetFailureRate.spec]

    package var output: String
    package var formats: [ReportFormat]
    package var minPassRate: Double
    package var confidence: Double
    package var targetFailureRate: Double
    /// The baseline file as given; `loadBaseline` reads it.
    package var baselinePath: String?

    package init(_ parsed: ParsedArguments) throws {
        output = try parsed.value(Self.output)!
        formats = try ReportFormat.parseList(try parsed.value(Self.format)!)
        minPassRate = try parsed.value(Self.minPassRate)!
        confidence = try parsed.value(Self.confidence)!
        targetFailureRate = try parsed.value(Self.targetFailureRate)!
        baselinePath = try parsed.value(Self.baseline)
    }

    package func loadBaseline(_ context: CommandContext) throws -> Baseline? {
        try baselinePath.map { try Baseline.load(context.absolutePath($0)) }
    }
}
