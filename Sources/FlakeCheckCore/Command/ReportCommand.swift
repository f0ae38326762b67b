import Foundation

/// `flakecheck report REPORT.json --format ...`: re-renders a saved report, so reports can be regenerated
/// after an upgrade or on another machine.
enum ReportCommand {
    static let usageLine = "flakecheck report REPORT.json [--format LIST] [--output DIR]"

    static let specs: [OptionSpec] = [
        OptionSpec("--format", value: "LIST", help: "Comma-separated formats: json, markdown, html, junit", default: "markdown"),
        OptionSpec("--output", value: "DIR", help: "Where to write", default: "the report's folder"),
        OptionSpec("--no-color", help: "Never colour the output"),
        OptionSpec("--help", help: "Show this help"),
    ]

    static let help = FlakeCheckCommand.help(
        usage: usageLine, overview: "Re-render a saved report.json (from run, parse, compare or demo).", specs: specs,
        examples: [
            "flakecheck report Reports/report.json --format html,junit --output Reports",
        ],
        exitCodes: [(ExitCode.success, "written"), (ExitCode.nothingMeasured, "unreadable or newer report"), (ExitCode.usage, "usage error")])

    static func execute(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        let usage = "usage: \(usageLine)"
        let parsed = try ParsedArguments.parse(arguments, specs: specs, usage: usage)
        guard parsed.positionals.count == 1 else {
            throw FlakeCheckError.usage("report takes exactly one report.json.\n\(usage)")
        }
        let path = context.absolutePath(parsed.positionals[0])
        let report = try JSONReportFormat.load(path, shownPath: parsed.positionals[0])
        var formats = try ReportFormat.parseList(parsed.value("--format") ?? "markdown", usage: usage)
        if parsed.value("--format").map({ !$0.contains("json") }) ?? true { formats.removeAll { $0 == .json } }
        let folder = OutputFolder(path: parsed.value("--output").map(context.absolutePath)
                                  ?? URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try folder.prepare()
        for file in try ReportWriter(folder: folder).write(report, formats: formats) {
            context.stderr.write("Wrote \(file)\n")
        }
        context.stdout.write(context.terminalReport(noColorFlag: parsed.has("--no-color")).render(report))
        context.stdout.write(ComparisonReport().render(report))
        return ExitCode.success
    }
}
