import FlakeCheckAnalysis
import FlakeCheckReporting
import FlakeCheckSupport
import Foundation

/// `flakecheck baseline --from REPORT.json`: writes a baseline listing the report's flaky and failing
/// tests, for teams that want the gate on from today without fixing every known flake first.
struct BaselineCommand: Subcommand {
    static let name = "baseline"
    /// Its line in `flakecheck --help`, as wrapped there.
    static let summary = ["Write a baseline of known-flaky tests from a report", "(for run --baseline)"]
    static let usageLine =
        "flakecheck baseline --from REPORT.json [--output FILE] [--reason TEXT] [--expires YYYY-MM-DD]"

    static let from = Option<String>.text(
        "--from", value: "REPORT.json", help: "The report whose flaky and failing tests to list")
    static let output = Option<String>.text(
        "--output", value: "FILE", help: "Where to write the baseline",
        default: "flakecheck-baseline.json")
    static let reason = Option<String>.text(
        "--reason", value: "TEXT", help: "Why these tests are accepted for now")
    /// Kept as the text given (the baseline file stores the day as written), once it reads as a day.
    static let expires = Option<String>(
        "--expires", value: "YYYY-MM-DD", help: "From this day the entries trip the gate again",
        takes: "a date as YYYY-MM-DD"
    ) { Baseline.day($0) == nil ? nil : $0 }
    static let specs = [from.spec, output.spec, reason.spec, expires.spec, DisplayOptions.help.spec]

    static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview: "Write a baseline of known-flaky tests from a saved report; pass it to run with --baseline.",
        specs: specs,
        examples: [
            "flakecheck baseline --from Reports/report.json --reason 'FEED-123' --expires 2027-01-31",
            "flakecheck run --baseline flakecheck-baseline.json",
        ],
        exitCodes: [
            (ExitCode.success, "written"), (ExitCode.nothingMeasured, "unreadable report"),
            (ExitCode.usage, "usage error"),
        ])

    var from: String?
    var output: String
    var reason: String?
    var expires: String?

    init(_ parsed: ParsedArguments, context: CommandContext) throws {
        try Self.requireNoPositionals(parsed) { _ in "baseline needs --from REPORT.json." }
        from = try parsed.value(Self.from)
        output = try parsed.value(Self.output)!
        reason = try parsed.value(Self.reason)
        expires = try parsed.value(Self.expires)
    }

    func validate() throws {
        guard from != nil else { throw FlakeCheckError.usage("baseline needs --from REPORT.json.") }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let from = from!
        let report = try JSONReportFormat.load(context.absolutePath(from), shownPath: from)
        let baseline = Baseline.from(report, reason: reason, expires: expires)
        let path = context.absolutePath(output)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let folder = OutputFolder(path: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try folder.prepare()
        try folder.write(
            try encoder.encode(baseline) + Data("\n".utf8), as: URL(fileURLWithPath: path).lastPathComponent)
        context.stdout.write("Wrote \(path) with \(Formatting.count(baseline.entries.count, "known-flaky test")).\n")
        return ExitCode.success
    }
}
