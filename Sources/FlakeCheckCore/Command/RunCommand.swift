import Foundation

/// `flakecheck run`: the backbone. Builds once, runs the selection N times, writes report.json, prints
/// the table, and exits with the gate's verdict.
enum RunCommand {
    static let usageLine = "flakecheck run [--package-path DIR] [--filter REGEX] [--skip REGEX] [--runs N] [options]"

    static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview: "Build the package's tests once, run the selected tests N times, each run a fresh process, "
            + "and report per test: pass rate with a confidence interval, timing, failures and a verdict.",
        specs: RunPlan.optionSpecs,
        examples: [
            "flakecheck run --filter LoadingStateTests --runs 100",
            "flakecheck run --package-path ../MyPackage --skip Slow --min-pass-rate 0.99 --output build/flakes",
            "flakecheck run --filter 'FeedTests/testRefresh$' --until-proven --target-failure-rate 0.001",
            "flakecheck run --xcode --scheme App --only-testing AppTests/CartTests/testRace --runs 50",
        ],
        exitCodes: FlakeCheckCommand.gateExitCodes)

    static func execute(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        let usage = "usage: \(usageLine)"
        let parsed = try ParsedArguments.parse(arguments, specs: RunPlan.optionSpecs, usage: usage)
        guard parsed.positionals.isEmpty else {
            throw FlakeCheckError.usage("run takes no positional arguments (got '\(parsed.positionals[0])'); "
                + "select tests with --filter.\n\(usage)")
        }
        let plan = try RunPlan(arguments: parsed, context: context, usage: usage)
        let outcome = try RunSession(plan: plan, context: context)
            .run(groups: [RunGroup(strategy: nil, filters: plan.filters, skips: plan.skips)], command: "run")
        return finish(outcome, plan: plan, context: context)
    }

    /// Prints the terminal report and the file list, and returns the exit code the gate decides.
    static func finish(_ outcome: RunSession.Outcome, plan: RunPlan, context: CommandContext,
                       extra: (FlakeReport) -> String = { _ in "" }) -> Int32 {
        let report = outcome.report
        if plan.appendStepSummary, let summaryPath = context.environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
            appendStepSummary(MarkdownReport().render(report), to: summaryPath, context: context)
        }
        if context.environment["GITHUB_ACTIONS"] == "true" {
            context.stdout.write(GitHubAnnotations.render(report, workspace: context.environment["GITHUB_WORKSPACE"]))
        }
        let terminal = context.terminalReport(noColorFlag: plan.noColor)
        context.stdout.write(terminal.render(report, gate: false))
        context.stdout.write(extra(report))
        context.stdout.write(terminal.gateLines(report))
        if !plan.quiet {
            for file in outcome.writtenFiles { context.stderr.write("Wrote \(file)\n") }
            // `parse` points runs at its input files; it keeps no logs of its own.
            let kept = report.command == "parse" ? 0 : report.runs.compactMap(\.logPath).count
            if kept > 0 { context.stderr.write("Kept the logs of \(Formatting.count(kept, "run")) with failures in \(plan.outputPath)/logs\n") }
            let logErrors = Set(report.runs.compactMap(\.logError))
            if !logErrors.isEmpty {
                context.stderr.write("warning: some run logs are incomplete (\(logErrors.sorted().joined(separator: "; "))); "
                    + "the numbers do not depend on them\n")
            }
        }
        return exitCode(for: report)
    }

    /// GitHub Actions shows whatever a step appends to this file on the run's summary page. A failure
    /// to append is a warning: the report files are already written and the gate still decides.
    static func appendStepSummary(_ markdown: String, to path: String, context: CommandContext) {
        guard let handle = FileHandle(forWritingAtPath: path) ?? {
            FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
        }() else {
            context.stderr.write("warning: could not append to GITHUB_STEP_SUMMARY '\(path)'\n")
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data((markdown + "\n").utf8))
    }

    static func exitCode(for report: FlakeReport) -> Int32 {
        if report.interrupted { return ExitCode.interrupted }
        if report.tests.allSatisfy({ $0.verdict == .notRun }) { return ExitCode.nothingMeasured }
        return report.gate.passed ? ExitCode.success : ExitCode.gateFailed
    }
}
