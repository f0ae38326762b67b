import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport
import Foundation

/// How every command shows the report it wrote, the same way: the GitHub step summary, annotations under
/// GitHub Actions, the terminal table (with what a command adds, such as the strategy comparison), the
/// gate lines last, the files written, and the exit code the gate decides.
struct ReportPresenter {
    var quiet: Bool
    var noColor: Bool
    var appendStepSummary: Bool
    /// Where kept logs went, for the line that points at them.
    var outputPath: String
    /// Whether this command kept logs in `outputPath/logs`: `parse` points runs at its input files and
    /// `merge` at the shards' logs, so neither has a line to print about them.
    var keptLogs: Bool
    /// Whether the per-test table is printed. `compare` and `demo` leave it to the report files (and
    /// `--show-tests`), and print their strategy table last, where it is seen.
    var testTable = true

    init(quiet: Bool, noColor: Bool, appendStepSummary: Bool, outputPath: String, keptLogs: Bool = true) {
        self.quiet = quiet
        self.noColor = noColor
        self.appendStepSummary = appendStepSummary
        self.outputPath = outputPath
        self.keptLogs = keptLogs
    }

    init(plan: RunPlan, presentation: ReportPresentation, keptLogs: Bool = true) {
        self.init(
            quiet: plan.quiet, noColor: presentation.noColor, appendStepSummary: presentation.appendStepSummary,
            outputPath: plan.outputPath, keptLogs: keptLogs)
    }

    init(display: DisplayOptions, outputPath: String, keptLogs: Bool) {
        self.init(
            quiet: display.quiet, noColor: display.noColor, appendStepSummary: display.appendStepSummary,
            outputPath: outputPath, keptLogs: keptLogs)
    }

    /// Prints the report and returns the exit code the gate decides.
    /// `notWritten`: why the report files could not be written; the table and the gate are still shown, and
    /// the exit code says the files are missing.
    func present(
        _ report: FlakeReport, writtenFiles: [String], notWritten: FlakeCheckError? = nil, context: CommandContext,
        extra: (FlakeReport) -> String = { _ in "" }
    ) -> Int32 {
        if appendStepSummary, let summaryPath = context.environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
            Self.appendStepSummary(MarkdownReport().render(report), to: summaryPath, context: context)
        }
        if context.environment["GITHUB_ACTIONS"] == "true" {
            context.stdout.write(GitHubAnnotations.render(report, workspace: context.environment["GITHUB_WORKSPACE"]))
        }
        let terminal = context.terminalReport(noColorFlag: noColor, reportPath: outputPath + "/report.json")
        context.stdout.write(terminal.render(report, gate: false, testTable: testTable))
        let more = extra(report)
        if more.isEmpty || testTable {
            context.stdout.write(more)
            context.stdout.write(terminal.gateLines(report))
        } else {
            // A comparison: the gate's reasons, then the table that is the point of the command, last.
            context.stdout.write("\n" + terminal.gateLines(report))
            context.stdout.write(more)
        }
        if !quiet {
            for file in writtenFiles { context.stderr.write("Wrote \(file)\n") }
            let kept = keptLogs ? report.runs.compactMap(\.logPath).count : 0
            let why = report.configuration.sanitizer == nil ? "failures" : "failures or ThreadSanitizer reports"
            if kept > 0 {
                context.stderr.write(
                    "Kept the logs of \(Formatting.count(kept, "run")) with \(why) in \(outputPath)/logs\n")
            }
            let logErrors = Set(report.runs.compactMap(\.logError))
            if !logErrors.isEmpty {
                context.stderr.write(
                    "warning: some run logs are incomplete (\(logErrors.sorted().joined(separator: "; "))); "
                        + "the numbers do not depend on them\n")
            }
        }
        if let notWritten {
            context.stderr.write(
                "error: \(notWritten.description) The report files were not written; \(outputPath) keeps its last "
                    + "complete result.\n")
            return ExitCode.reportNotWritten
        }
        return Self.exitCode(for: report)
    }

    /// GitHub Actions shows whatever a step appends to this file on the run's summary page. A failure
    /// to append is a warning: the report files are already written and the gate still decides.
    static func appendStepSummary(_ markdown: String, to path: String, context: CommandContext) {
        guard
            let handle = FileHandle(forWritingAtPath: path)
                ?? {
                    FileManager.default.createFile(atPath: path, contents: nil)
                        ? FileHandle(forWritingAtPath: path) : nil
                }()
        else {
            context.stderr.write("warning: could not append to GITHUB_STEP_SUMMARY '\(path)'\n")
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data((markdown + "\n").utf8))
    }

    /// The README's table: 2 when nothing could be measured (no test reached an outcome and no process
    /// could even start); 1 when tests ran but the gate failed, ambiguous or crashed runs included.
    static func exitCode(for report: FlakeReport) -> Int32 {
        if report.interrupted { return ExitCode.interrupted }
        let incidents = report.runs.flatMap { $0.incidents ?? [] }
        if report.tests.allSatisfy({ $0.verdict == .notRun }), incidents.allSatisfy({ $0.kind == .spawnFailure }) {
            return ExitCode.nothingMeasured
        }
        return report.gate.passed ? ExitCode.success : ExitCode.gateFailed
    }
}
