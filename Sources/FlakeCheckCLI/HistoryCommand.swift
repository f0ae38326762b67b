import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport
import Foundation

/// `flakecheck history FILE...`: the report of many past CI runs, from their JUnit XML (`swift test
/// --xunit-output`, xcbeautify, Bazel, cargo-nextest, Gradle) and flakecheck's own report.json files. Each
/// JUnit file is one run, in the order given; each report.json brings its runs. Files are read one at a
/// time, so memory grows with tests × runs (a byte each), not with the files' size.
struct HistoryCommand: Subcommand {
    static let usageLine =
        "flakecheck history FILE... [--commit-from REGEX] [--output DIR] [--format LIST] [--min-pass-rate R]"

    static let commitFrom = Option<String>.text(
        "--commit-from", value: "REGEX",
        help: "The commit of each file, from its path: the regular expression's first "
            + "capture group, e.g. 'ci-([0-9a-f]{7,40})-' (default: a commit <property> in the JUnit file)")

    package static let specs: [OptionSpec] =
        [
            commitFrom.spec, ReportOptions.output.worded("Where report.json goes").spec, ReportOptions.format.spec,
            GateOptions.minPassRateOption.spec, GateOptions.confidenceOption.spec,
            GateOptions.targetFailureRateOption.spec,
        ] + DisplayOptions.gateSpecs

    package static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview:
            "Read the JUnit XML of past CI runs (and flakecheck report.json files) and report each test's failure "
            + "rate with its interval, the commits on which it both passed and failed, and when a failing test started "
            + "failing. Runs are taken in the order the files are given: name them so that it is time order.",
        specs: specs,
        examples: [
            "flakecheck history ci-results/*/junit.xml --commit-from 'ci-results/([0-9a-f]+)/'",
            "flakecheck history nightly-*/report.json --format html,markdown",
        ],
        exitCodes: FlakeCheckCommand.gateExitCodes.filter { $0.0 != ExitCode.interrupted })

    package var files: [String]
    var commitFrom: String?
    package var report: ReportOptions
    package var display: DisplayOptions

    init(_ parsed: ParsedArguments, context: CommandContext) throws {
        files = parsed.positionals
        commitFrom = try parsed.value(Self.commitFrom)
        report = try ReportOptions(parsed)
        display = try DisplayOptions(parsed)
    }

    package func validate() throws {
        guard !files.isEmpty else {
            throw FlakeCheckError.usage("history needs at least one JUnit XML or report.json file.")
        }
        _ = try commitPattern()
    }

    /// `--commit-from` as a regular expression with the capture group that names the commit.
    private func commitPattern() throws -> NSRegularExpression? {
        try commitFrom.map { text in
            guard let regex = try? NSRegularExpression(pattern: text), regex.numberOfCaptureGroups >= 1 else {
                throw FlakeCheckError.usage(
                    "--commit-from needs a regular expression with a capture group, e.g. "
                        + "'ci-([0-9a-f]+)-', not '\(text)'.")
            }
            return regex
        }
    }

    package func run(_ context: CommandContext) throws -> Int32 {
        let pattern = try commitPattern()
        // Read before any file: a mistyped baseline must not cost reading 10,000 of them.
        let baseline = try report.loadBaseline(context)
        try SavedRunsReport.checkReadable(files, context: context) { "the JUnit files in it (\($0)/*.xml)" }
        let output = OutputFolder(path: context.absolutePath(report.output))
        try output.prepare()
        let started = context.now()
        var history = HistoryAnalysis()
        var scanner = JUnitScanner()
        var records: [RunRecord] = []
        for file in files {
            let path = context.absolutePath(file)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FlakeCheckError.unreadableFile(file, reason: "it could not be read")
            }
            let commit = pattern.flatMap { Self.capture($0, in: file) }
            let added = try Self.add(data, file: file, path: path, commit: commit, scanner: &scanner, to: &history)
            guard added > 0 else {
                throw FlakeCheckError.unreadableFile(
                    file,
                    reason: "it holds no test case: neither JUnit XML with <testcase> "
                        + "elements nor a flakecheck report.json with tests")
            }
            for _ in 0..<added {
                records.append(RunRecord(index: records.count, strategy: nil, processes: [], logPath: path))
            }
        }
        return try SavedRunsReport(options: report, display: display, baseline: baseline).write(
            command: "history", packagePath: nil, files: files, records: records, facts: history.facts(),
            started: started,
            output: output, context: context)
    }

    /// Adds the runs of one file and returns how many it held.
    package static func add(
        _ data: Data, file: String, path: String, commit: String?, scanner: inout JUnitScanner,
        to history: inout HistoryAnalysis
    ) throws -> Int {
        let first = data.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        if first == UInt8(ascii: "{") {
            let report = try JSONReportFormat.decode(data, path: file)
            let runs = report.tests.map(\.history.count).max() ?? 0
            for run in 0..<runs {
                let results = report.tests.compactMap {
                    test -> (identity: TestIdentity, result: TestResult, failedAttempts: Int)? in
                    let symbols = Array(test.history)
                    guard run < symbols.count, let outcome = TestOutcome(symbol: symbols[run]), outcome != .notRun
                    else { return nil }
                    return (
                        TestIdentity(canonicalID: test.id, framework: test.framework), TestResult(outcome: outcome), 0
                    )
                }
                history.addRun(results, commit: commit, file: path)
            }
            return runs
        }
        let scanned = scanner.read(data)
        guard !scanned.testCases.isEmpty else { return 0 }
        history.beginRun(commit: commit ?? scanned.commit, file: path)
        for testCase in scanned.testCases {
            var result = TestResult(outcome: testCase.outcome)
            if testCase.outcome == .failed, let message = testCase.message {
                result.failures = [FailureRecord(message: message, location: nil)]
            }
            history.record(result, failedAttempts: testCase.failedAttempts, number: testCase.number) {
                // Suite and name as the file gives them: no ID to split (a tenth of the time on 10,000 files).
                TestIdentity(
                    id: testCase.id, framework: TestFramework.of(testName: testCase.name),
                    suite: testCase.suite, name: testCase.name)
            }
        }
        return 1
    }

    static func capture(_ regex: NSRegularExpression, in text: String) -> String? {
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}
