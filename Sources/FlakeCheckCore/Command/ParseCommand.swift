import Foundation

/// `flakecheck parse FILE...`: the same report from saved console output, one file per run, so a CI
/// log can be analysed after the fact. Console names are all a log has: XCTest on Linux prints
/// `Class.method` without its module, so IDs here are `Class/method` and Swift Testing's are the printed
/// function or display names.
enum ParseCommand {
    static let usageLine = "flakecheck parse FILE... [--output DIR] [--min-pass-rate R] [options]   (- reads standard input)"

    static let specs: [OptionSpec] = [
        OptionSpec("--output", value: "DIR", help: "Where report.json goes", default: "Reports"),
        OptionSpec("--format", value: "LIST", help: "Comma-separated report formats: json, markdown, html, junit", default: "json"),
        OptionSpec("--min-pass-rate", value: "R", help: "Exit 1 when a test's pass rate is below R", default: "1.0"),
        OptionSpec("--confidence", value: "C", help: "Confidence level of the intervals", default: "0.95"),
        OptionSpec("--baseline", value: "FILE", help: "Known-flaky tests that do not trip the gate"),
        OptionSpec("--no-step-summary", help: "Do not append the Markdown summary to $GITHUB_STEP_SUMMARY"),
        OptionSpec("--quiet", help: "Print only the summary table"),
        OptionSpec("--no-color", help: "Never colour the output"),
        OptionSpec("--help", help: "Show this help"),
    ]

    static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview: "Analyse saved `swift test` or test-binary console output (XCTest and Swift Testing, Linux or "
            + "macOS); each file counts as one run.",
        specs: specs,
        footer: "EXAMPLE:\n  for i in $(seq 20); do swift test > logs/run-$i.txt 2>&1; done; flakecheck parse logs/*.txt")

    static func execute(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        let usage = "usage: \(usageLine)"
        let parsed = try ParsedArguments.parse(arguments, specs: specs, usage: usage)
        guard !parsed.positionals.isEmpty else {
            throw FlakeCheckError.usage("parse needs at least one log file (or - for standard input).\n\(usage)")
        }
        var planArguments = parsed
        planArguments.values["--runs"] = [String(parsed.positionals.count)]
        let plan = try RunPlan(arguments: planArguments, context: context, usage: usage)
        let files = parsed.positionals
        for file in files where file != "-" {
            let path = context.absolutePath(file)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw FlakeCheckError.unreadableFile(file, reason: "no such file")
            }
            guard !isFolder.boolValue else {
                throw FlakeCheckError.unreadableFile(file, reason: "it is a folder; pass the log files in it (\(file)/*.txt)")
            }
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw FlakeCheckError.unreadableFile(file, reason: "permission denied")
            }
        }
        let output = OutputFolder(path: plan.outputPath)
        try output.prepare()
        let started = context.now()
        var aggregator = ResultAggregator()
        var records: [RunRecord] = []
        for (index, file) in files.enumerated() {
            let results = try LogAnalysis.results(ofLog: file == "-" ? nil : context.absolutePath(file))
            // An empty run would read as "every test not run" and hide that the file is not a test log.
            guard !results.results.isEmpty || !results.unknownTests.isEmpty else {
                throw FlakeCheckError.unreadableFile(file, reason: "it has no XCTest or Swift Testing result line; "
                    + "is it the output of `swift test`? (remove it from the list to parse the others)")
            }
            let identities = Dictionary(results.unknownTests.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            aggregator.record(results.results, identities: identities, runIndex: index)
            records.append(RunRecord(index: index, strategy: nil, processes: [], logPath: file))
        }
        var tests = aggregator.summaries(runs: files.count, confidence: plan.confidence,
                                         targetFailureRate: plan.targetFailureRate)
        guard !tests.isEmpty else {
            throw FlakeCheckError.unreadableFile(files.joined(separator: ", "),
                reason: "no XCTest or Swift Testing results found in it; is it the output of `swift test`?")
        }
        let finished = context.now()
        plan.baseline?.apply(to: &tests, today: finished)
        let report = FlakeReport(
            schemaVersion: FlakeReport.currentSchemaVersion,
            tool: .init(name: "flakecheck", version: FlakeCheckVersion.current), command: "parse",
            configuration: .init(packagePath: nil, filters: [], skips: [], runs: files.count, workers: 1, mode: "parse",
                                 timeoutSeconds: 0, buildConfiguration: "", minPassRate: plan.minPassRate,
                                 confidence: plan.confidence, toolchain: nil, inputFiles: files, shard: nil),
            startedAt: ISO8601DateFormatter().string(from: started),
            finishedAt: ISO8601DateFormatter().string(from: finished),
            wallSeconds: finished.timeIntervalSince(started), interrupted: false, runs: records, tests: tests,
            summary: .init(tests: tests), gate: .init(tests: tests, minPassRate: plan.minPassRate), strategies: nil)
        let written = try ReportWriter(folder: output).write(report, formats: plan.formats, replacingOthers: true)
        return RunCommand.finish(RunSession.Outcome(report: report, writtenFiles: written), plan: plan, context: context)
    }
}

/// Reads one saved log (or standard input) in chunks and decides each test's outcome in that run.
enum LogAnalysis {
    static func results(ofLog path: String?) throws -> InvocationAnalysis {
        guard let handle = path.map({ FileHandle(forReadingAtPath: $0) }) ?? FileHandle.standardInput else {
            throw FlakeCheckError.unreadableFile(path ?? "-", reason: "cannot open it")
        }
        var parser = ConsoleParser()
        var transcript = RunTranscript()
        while true {
            let chunk: Data
            do {
                guard let next = try handle.read(upToCount: 1 << 16), !next.isEmpty else { break }
                chunk = next
            } catch {
                throw FlakeCheckError.unreadableFile(path ?? "-", reason: "\(error)")
            }
            parser.feed(chunk) { transcript.record($0) }
        }
        parser.finish { transcript.record($0) }
        if path != nil { try? handle.close() }
        return analyse(transcript, crashLine: parser.lastCrashLine)
    }

    /// A log has no exit status: a framework whose tests appear but whose end-of-run summary does not
    /// was cut short, so its unfinished test crashed (or the log is truncated, which reads the same).
    static func analyse(_ transcript: RunTranscript, crashLine: String?) -> InvocationAnalysis {
        let frameworks = Set(transcript.entries.map(\.reference.framework))
        var analysis = InvocationAnalysis(
            testIDs: [], frameworks: frameworks, exit: ProcessExit(exitCode: 0, signal: nil, wallSeconds: 0),
            console: transcript, eventStream: nil, catalog: TestCatalog([]), crashLine: crashLine)
        // There is no process to re-run: tests that were running together when the log ends all count as crashed.
        let unresolved = analysis.retries.flatMap { $0 } + (analysis.suspects?.candidates ?? [])
        for id in unresolved where analysis.results[id] == nil {
            analysis.results[id] = InvocationAnalysis.blame(
                exit: ProcessExit(exitCode: nil, signal: nil, wallSeconds: 0), crashLine: crashLine)
        }
        analysis.retries = []
        analysis.suspects = nil
        return analysis
    }
}
