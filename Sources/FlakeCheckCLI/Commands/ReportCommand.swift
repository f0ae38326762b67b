import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckSupport
import Foundation

/// `flakecheck report REPORT.json --format ...`: re-renders a saved report, so reports can be regenerated
/// after an upgrade or on another machine.
package struct ReportCommand: Subcommand {
    package static let name = "report"
    /// Its line in `flakecheck --help`, as wrapped there.
    package static let summary = ["Re-render a saved report.json in other formats"]
    package static let usageLine = "flakecheck report REPORT.json [--format LIST] [--output DIR]"

    package static let specs: [OptionSpec] = [
        ReportOptions.format.worded(ReportOptions.format.spec.help, shownDefault: "markdown").spec,
        ReportOptions.output.worded("Where to write", shownDefault: "the report's folder").spec,
        DisplayOptions.noColor.spec, DisplayOptions.help.spec,
        // Accepted so one set of flags serves every command in a script; re-rendering writes no step summary.
        DisplayOptions.noStepSummary.spec.hiddenFromHelp(),
    ]

    package static let help = FlakeCheckCommand.help(
        usage: usageLine, overview: "Re-render a saved report.json (from run, parse, compare or demo).", specs: specs,
        examples: [
            "flakecheck report Reports/report.json --format html,junit --output Reports"
        ],
        exitCodes: [
            (ExitCode.success, "written"), (ExitCode.nothingMeasured, "unreadable or newer report"),
            (ExitCode.usage, "usage error"),
        ])

    /// Kept logs are named relative to the report's folder. Rendered into another folder, each link is
    /// rewritten relative to that folder (absolute when they share no root); a log that is no longer
    /// there loses its link and says so in `logError`, instead of a link that leads nowhere.
    package static func rebasingLogs(of report: FlakeReport, from source: String, to destination: String) -> FlakeReport
    {
        guard source != destination else { return report }
        var rebased = report
        for index in rebased.runs.indices {
            guard let logPath = rebased.runs[index].logPath else { continue }
            let absolute = logPath.hasPrefix("/") ? logPath : source + "/" + logPath
            guard FileManager.default.fileExists(atPath: absolute) else {
                rebased.runs[index].logPath = nil
                rebased.runs[index].logError = "the kept log is missing: \(absolute)"
                continue
            }
            rebased.runs[index].logPath = relativePath(of: absolute, from: destination)
        }
        return rebased
    }

    /// `/a/b/logs/x.log` seen from `/a/c` is `../b/logs/x.log`.
    package static func relativePath(of path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        guard common > 1 else { return path }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }

    package var file: String
    /// Re-rendering defaults to Markdown and to the report's own folder, and rewrites report.json only
    /// when asked.
    var formatList: String
    package var formats: [ReportFormat]
    package var output: String?
    var noColor: Bool

    package init(_ parsed: ParsedArguments, context: CommandContext) throws {
        guard parsed.positionals.count == 1 else {
            throw FlakeCheckError.usage("report takes exactly one report.json.")
        }
        file = parsed.positionals[0]
        formatList = parsed.value(ReportOptions.format.spec.name) ?? "markdown"
        let named = try ReportFormat.named(in: formatList)
        formats = named.contains(.json) ? try ReportFormat.parseList(formatList) : named
        output = parsed.value(ReportOptions.output.spec.name)
        noColor = parsed.has(DisplayOptions.noColor.spec.name)
    }

    package func run(_ context: CommandContext) throws -> Int32 {
        let path = context.absolutePath(file)
        var report = try JSONReportFormat.load(path, shownPath: file)
        let folder = OutputFolder(
            path: output.map(context.absolutePath) ?? URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try folder.prepare()
        report = Self.rebasingLogs(
            of: report, from: URL(fileURLWithPath: path).deletingLastPathComponent().path,
            to: folder.path)
        for file in try ReportWriter.writeWhole(report, formats: formats, into: folder, replacing: false) {
            context.stderr.write("Wrote \(file)\n")
        }
        context.stdout.write(context.terminalReport(noColorFlag: noColor).render(report))
        context.stdout.write(ComparisonReport(width: context.terminalColumns).render(report))
        return ExitCode.success
    }
}
