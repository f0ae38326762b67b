import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport
import Foundation

/// `flakecheck parse FILE...`: the same report from saved console output, so a CI log can be analysed
/// after the fact. A file may hold one run or many (several `swift test` outputs concatenated, Swift
/// Testing `--repetitions`, xcodebuild `-test-iterations`): each iteration is a run (`SavedLogProcesses`).
/// Console names are all a log has: XCTest on Linux prints `Class.method` without its module, so IDs are
/// `Class/method` unless `--package-path` names the built package, whose test list gives `run`'s IDs.
package struct ParseCommand: Subcommand {
    package static let name = "parse"
    /// Its line in `flakecheck --help`, as wrapped there.
    package static let summary = ["Build the same report from saved console output (one file per run)"]
    package static let usageLine =
        "flakecheck parse FILE... [--package-path DIR] [--output DIR] [--min-pass-rate R] [options]   (- reads "
        + "standard input)"

    package static let specs: [OptionSpec] =
        [
            ReportOptions.output.worded("Where report.json goes").spec, ReportOptions.format.spec,
            SelectionOptions.packagePathOption.worded(
                "The package the log came from, already built (`swift build --build-tests`): its test "
                    + "list turns printed names into the IDs `run` and --filter use", shownDefault: "none"
            ).spec,
            GateOptions.minPassRateOption.spec, GateOptions.confidenceOption.spec,
            GateOptions.targetFailureRateOption.spec,
        ] + DisplayOptions.gateSpecs

    package static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview: "Analyse saved `swift test`, test-binary or xcodebuild console output (XCTest and Swift Testing, "
            + "Linux or macOS). Each file is one run, or as many runs as it holds iterations: concatenated "
            + "`swift test` outputs, Swift Testing --repetitions, xcodebuild -test-iterations / "
            + "-retry-tests-on-failure.",
        specs: specs,
        examples: [
            "for i in $(seq 20); do swift test > logs/run-$i.txt 2>&1; done; flakecheck parse logs/*.txt",
            "for i in $(seq 20); do swift test 2>&1; done | flakecheck parse - --package-path .",
            "xcodebuild test -scheme App -test-iterations 50 2>&1 | tee xcode.log; flakecheck parse xcode.log",
        ],
        exitCodes: FlakeCheckCommand.gateExitCodes.filter { $0.0 != ExitCode.interrupted })

    package var files: [String]
    /// `--package-path`: the built package whose test list names the log's tests; nil when not given.
    package var selection: SelectionOptions
    package var report: ReportOptions
    package var display: DisplayOptions

    package init(_ parsed: ParsedArguments, context: CommandContext) throws {
        files = parsed.positionals
        selection = try SelectionOptions(parsed)
        report = try ReportOptions(parsed)
        display = try DisplayOptions(parsed)
    }

    package func validate() throws {
        guard !files.isEmpty else {
            throw FlakeCheckError.usage("parse needs at least one log file (or - for standard input).")
        }
    }

    package func run(_ context: CommandContext) throws -> Int32 {
        // Read before any log: a mistyped baseline must not cost a long read, or standard input.
        let baseline = try report.loadBaseline(context)
        try SavedRunsReport.checkReadable(files, context: context) { "the log files in it (\($0)/*.txt)" }
        let catalog = try selection.packagePath.map {
            try Self.catalogOfBuiltPackage(context.absolutePath($0), context: context)
        }
        let output = OutputFolder(path: context.absolutePath(report.output))
        try output.prepare()
        let started = context.now()
        let (records, facts) = try LogAnalysis.readAll(
            files.map { (path: $0 == "-" ? nil : context.absolutePath($0), shown: $0) }, catalog: catalog)
        return try SavedRunsReport(options: report, display: display, baseline: baseline).write(
            command: "parse", packagePath: selection.packagePath.map(context.absolutePath), files: files,
            records: records, facts: facts, started: started, output: output,
            context: context)
    }

    /// The test list of the package `--package-path` names, from its built test binary (never built here:
    /// parsing a log must not start a build the user did not ask for).
    private static func catalogOfBuiltPackage(_ packagePath: String, context: CommandContext) throws -> TestCatalog {
        var listing = RunPlan(packagePath: packagePath, outputPath: packagePath)
        listing.build.build = false
        do {
            return TestCatalog(try SessionRunner(plan: listing, context: context).discover())
        } catch FlakeCheckError.testBinaryMissing(let binPath) {
            throw FlakeCheckError.parsePackageNotBuilt(binPath: binPath, packagePath: packagePath)
        }
    }
}
