import Foundation

/// `flakecheck merge A.json B.json ... --output DIR`: one report from the shards of a run spread over
/// several CI machines with `--shard I/N`, exactly as if one machine had done all the runs.
enum MergeCommand {
    static let usageLine = "flakecheck merge REPORT.json REPORT.json... [--output DIR] [--format LIST]"

    static let specs: [OptionSpec] = [
        Options.output.worded("Where the merged report goes").spec, Options.format.spec,
        Options.noStepSummary.spec, Options.quiet.worded("Print only the summary table").spec, Options.noColor.spec,
        Options.help.spec,
    ]

    static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview: "Merge shard reports (run with --shard I/N) into one: counts summed; intervals, percentiles, "
            + "verdicts and the gate recomputed. Reports of different selections or schema versions are refused.",
        specs: specs,
        examples: [
            "flakecheck merge shard-*/report.json --output Reports --format json,html,junit",
        ],
        exitCodes: [
            (ExitCode.success, "the merged runs pass the gate"),
            (ExitCode.gateFailed, "a test below --min-pass-rate over all the shards' runs, or an incident in one of them"),
            (ExitCode.nothingMeasured, "a report unreadable, of another selection or schema, or a shard missing or repeated"),
            (ExitCode.usage, "usage error"),
        ])

    static func execute(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        let usage = "usage: \(usageLine)"
        let parsed = try ParsedArguments.parse(arguments, specs: specs, usage: usage)
        guard !parsed.positionals.isEmpty else { throw FlakeCheckError.usage("merge needs the shard reports.\n\(usage)") }
        let reports = try parsed.positionals.map { path in
            (path, try JSONReportFormat.load(context.absolutePath(path), shownPath: path))
        }
        let merged = try ReportMerger().merge(reports).worded()
        let output = context.absolutePath(try parsed.value(Options.output, usage: usage)!)
        let folder = OutputFolder(path: output)
        try folder.prepare()
        let formats = try ReportFormat.parseList(try parsed.value(Options.format, usage: usage)!, usage: usage)
        let written = try ReportWriter(folder: folder).write(merged, formats: formats)
        let presenter = ReportPresenter(quiet: parsed.has(Options.quiet), noColor: parsed.has(Options.noColor),
                                        appendStepSummary: !parsed.has(Options.noStepSummary), outputPath: output,
                                        keptLogs: false)
        return presenter.present(merged, writtenFiles: written, context: context) { ComparisonReport(width: context.terminalColumns).render($0) }
    }
}
