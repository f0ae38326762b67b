import Foundation

/// `flakecheck baseline --from REPORT.json`: writes a baseline listing the report's flaky and failing
/// tests, for teams that want the gate on from today without fixing every known flake first.
enum BaselineCommand {
    static let usageLine = "flakecheck baseline --from REPORT.json [--output FILE] [--reason TEXT] [--expires YYYY-MM-DD]"

    static let from = Option<String>.text("--from", value: "REPORT.json", help: "The report whose flaky and failing tests to list")
    static let output = Option<String>.text("--output", value: "FILE", help: "Where to write the baseline",
                                            default: "flakecheck-baseline.json")
    static let reason = Option<String>.text("--reason", value: "TEXT", help: "Why these tests are accepted for now")
    /// Kept as the text given (the baseline file stores the day as written), once it reads as a day.
    static let expires = Option<String>("--expires", value: "YYYY-MM-DD", help: "From this day the entries trip the gate again",
                                        takes: "a date as YYYY-MM-DD") { Baseline.day($0) == nil ? nil : $0 }
    static let specs = [from.spec, output.spec, reason.spec, expires.spec, Options.help.spec]

    static let help = FlakeCheckCommand.help(
        usage: usageLine, overview: "Write a baseline of known-flaky tests from a saved report; pass it to run with --baseline.",
        specs: specs,
        examples: [
            "flakecheck baseline --from Reports/report.json --reason 'FEED-123' --expires 2027-01-31",
            "flakecheck run --baseline flakecheck-baseline.json",
        ],
        exitCodes: [(ExitCode.success, "written"), (ExitCode.nothingMeasured, "unreadable report"), (ExitCode.usage, "usage error")])

    static func execute(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        let usage = "usage: \(usageLine)"
        let parsed = try ParsedArguments.parse(arguments, specs: specs, usage: usage)
        guard let from = try parsed.value(Self.from, usage: usage), parsed.positionals.isEmpty else {
            throw FlakeCheckError.usage("baseline needs --from REPORT.json.\n\(usage)")
        }
        let expires = try parsed.value(Self.expires, usage: usage)
        let report = try JSONReportFormat.load(context.absolutePath(from), shownPath: from)
        let baseline = Baseline.from(report, reason: try parsed.value(Self.reason, usage: usage), expires: expires)
        let path = context.absolutePath(try parsed.value(Self.output, usage: usage)!)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let folder = OutputFolder(path: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try folder.prepare()
        try folder.write(try encoder.encode(baseline) + Data("\n".utf8), as: URL(fileURLWithPath: path).lastPathComponent)
        context.stdout.write("Wrote \(path) with \(Formatting.count(baseline.entries.count, "known-flaky test")).\n")
        return ExitCode.success
    }
}
