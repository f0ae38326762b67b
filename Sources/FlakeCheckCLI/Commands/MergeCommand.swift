import FlakeCheckAnalysis
import FlakeCheckReporting
import FlakeCheckSupport
import Foundation

/// `flakecheck merge A.json B.json ... --output DIR`: one report from the shards of a run spread over
/// several CI machines with `--shard I/N`, exactly as if one machine had done all the runs.
struct MergeCommand: Subcommand {
    static let name = "merge"
    /// Its line in `flakecheck --help`, as wrapped there.
    static let summary = ["Combine shard reports (--shard I/N) into one"]
    static let usageLine = "flakecheck merge REPORT.json REPORT.json... [--output DIR] [--format LIST]"

    static let specs: [OptionSpec] = [
        ReportOptions.output.worded("Where the merged report goes").spec, ReportOptions.format.spec,
        DisplayOptions.noStepSummary.spec, DisplayOptions.quiet.worded("Print only the summary table").spec,
        DisplayOptions.noColor.spec, DisplayOptions.help.spec,
    ]

    static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview: "Merge shard reports (run with --shard I/N) into one: counts summed; intervals, percentiles, "
            + "verdicts and the gate recomputed. Reports of different selections or schema versions are refused.",
        specs: specs,
        examples: [
            "flakecheck merge shard-*/report.json --output Reports --format json,html,junit"
        ],
        exitCodes: [
            (ExitCode.success, "the merged runs pass the gate"),
            (
                ExitCode.gateFailed,
                "a test below --min-pass-rate over all the shards' runs, or an incident in one of them"
            ),
            (
                ExitCode.nothingMeasured,
                "a report unreadable, of another selection or schema, or a shard missing or repeated"
            ),
            (ExitCode.usage, "usage error"),
        ])

    var files: [String]
    var report: ReportOptions
    var display: DisplayOptions

    init(_ parsed: ParsedArguments, context: CommandContext) throws {
        files = parsed.positionals
        report = try ReportOptions(parsed)
        display = try DisplayOptions(parsed)
    }

    func validate() throws {
        guard !files.isEmpty else { throw FlakeCheckError.usage("merge needs the shard reports.") }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let folder = OutputFolder(path: context.absolutePath(report.output))
        // Each shard's kept logs stay in its own folder: the merged report links to them there (or says
        // that one is gone), not to a `logs/` of the merged folder that does not hold them.
        let reports = try files.map { path in
            let absolute = context.absolutePath(path)
            let shard = try JSONReportFormat.load(absolute, shownPath: path)
            return (
                path,
                ReportCommand.rebasingLogs(
                    of: shard, from: URL(fileURLWithPath: absolute).deletingLastPathComponent().path,
                    to: folder.path)
            )
        }
        // Reports of schema 1 are upgraded when read, so the versions the files were written in are compared.
        let versions = files.map { JSONReportFormat.writtenSchemaVersion(atPath: context.absolutePath($0)) }
        if let first = versions.first, let index = versions.firstIndex(where: { $0 != first }) {
            throw FlakeCheckError.invalidReport(
                files[index],
                reason: "its schemaVersion \(versions[index].map(String.init) ?? "?") differs from '\(files[0])''s "
                    + "\(first.map(String.init) ?? "?"); only reports of one flakecheck version merge")
        }
        let merged = try ReportMerger().merge(reports)
        try folder.prepare()
        let written = try ReportWriter.writeWhole(merged, formats: report.formats, into: folder, replacing: false)
        return ReportPresenter(display: display, outputPath: folder.path, keptLogs: false)
            .present(merged, writtenFiles: written, context: context) {
                ComparisonReport(width: context.terminalColumns).render($0)
            }
    }
}
