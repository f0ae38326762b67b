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
    static let name = "history"
    /// Its line in `flakecheck --help`, as wrapped there.
    static let summary = ["Report many past CI runs from their JUnit XML or report.json files"]
    static let usageLine =
        "flakecheck history FILE... [--commit-from REGEX] [--output DIR] [--format LIST] [--min-pass-rate R]"

    static let commitFrom = Option<String>.text(
        "--commit-from", value: "REGEX",
        help: "The commit of each file, from its path: the regular expression's first "
            + "capture group, e.g. 'ci-([0-9a-f]{7,40})-' (default: a commit <property> in the JUnit file)")

    static let specs: [OptionSpec] =
        [
            commitFrom.spec, ReportOptions.output.worded("Where report.json goes").spec, ReportOptions.format.spec,
            GateOptions.minPassRateOption.spec, GateOptions.confidenceOption.spec,
            GateOptions.targetFailureRateOption.spec,
        ] + DisplayOptions.gateSpecs

    static let help = FlakeCheckCommand.help(
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

    var files: [String]
    var commitFrom: String?
    var report: ReportOptions
    var display: DisplayOptions

    init(_ parsed: ParsedArguments, context: CommandContext) throws {
        files = parsed.positionals
        commitFrom = try parsed.value(Self.commitFrom)
        report = try ReportOptions(parsed)
        display = try DisplayOptions(parsed)
    }

    func validate() throws {
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

    func run(_ context: CommandContext) throws -> Int32 {
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
        for run in Self.ciRuns(files, context: context) {
            let read = try run.map { file -> (file: String, path: String, data: Data) in
                let path = file == "-" ? "-" : context.absolutePath(file)
                guard let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default
                    .contents(atPath: path)
                else {
                    throw FlakeCheckError.unreadableFile(file, reason: "it could not be read")
                }
                return (file, path, Self.utf8(data))
            }
            // A file cut short is left out with the rest of its CI run: its missing tests are unknown, and
            // counting them as not run would fail the gate on a broken upload.
            if let cut = read.first(where: { Self.isCutShort($0.data) }) {
                context.stderr.write(
                    "warning: \(cut.file) ends before its closing </testsuites> tag (cut short?); its CI run"
                        + (run.count > 1 ? " (\(run.joined(separator: ", ")))" : "") + " is left out\n")
                continue
            }
            let commit = pattern.flatMap { Self.capture($0, in: run[0]) }
            var added = 0
            for (index, file) in read.enumerated() {
                let count = try Self.add(
                    file.data, file: file.file, path: file.path, commit: commit, scanner: &scanner, to: &history,
                    beginsRun: index == 0)
                guard count > 0 else {
                    throw FlakeCheckError.unreadableFile(
                        file.file,
                        reason: "it holds no test case: neither JUnit XML with <testcase> "
                            + "elements nor a flakecheck report.json with tests")
                }
                if index == 0 { added = count }
            }
            for _ in 0..<added {
                records.append(RunRecord(index: records.count, strategy: nil, processes: [], logPath: read[0].path))
            }
        }
        return try SavedRunsReport(options: report, display: display, baseline: baseline).write(
            command: "history", packagePath: nil, files: files, records: records, facts: history.facts(),
            started: started,
            output: output, context: context)
    }

    /// The files grouped by CI run, in the order given: a file given twice is read once, and SwiftPM's
    /// pair (`X.xml` and `X-swift-testing.xml` in one folder, from `swift test --parallel --xunit-output
    /// X.xml`) is one run.
    static func ciRuns(_ files: [String], context: CommandContext) -> [[String]] {
        var seen: Set<String> = []
        var runs: [[String]] = []
        var runOfStem: [String: Int] = [:]
        for file in files {
            let path = file == "-" ? "-" : URL(fileURLWithPath: context.absolutePath(file)).resolvingSymlinksInPath().path
            guard seen.insert(path).inserted else {
                context.stderr.write("note: \(file) was given more than once; it is read once\n")
                continue
            }
            let stem =
                path.hasSuffix("-swift-testing.xml")
                ? String(path.dropLast("-swift-testing.xml".count)) : path.hasSuffix(".xml") ? String(path.dropLast(4)) : nil
            if let stem, let run = runOfStem[stem] {
                runs[run].append(file)
            } else {
                if let stem { runOfStem[stem] = runs.count }
                runs.append([file])
            }
        }
        return runs
    }

    /// UTF-16 JUnit (with a byte order mark, or NULs between ASCII bytes) as UTF-8; other data as it is.
    static func utf8(_ data: Data) -> Data {
        let head = Array(data.prefix(4))
        let bom = head.count >= 2 && (head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF)
        let bare = head.count >= 4 && (head[1] == 0 && head[3] == 0 && head[0] != 0 || head[0] == 0 && head[2] == 0 && head[1] != 0)
        guard bom || bare else { return data }
        let encoding: String.Encoding =
            bom ? .utf16 : head[1] == 0 ? .utf16LittleEndian : .utf16BigEndian
        guard let text = String(data: data, encoding: encoding) else { return data }
        return Data(text.utf8)
    }

    /// Whether a JUnit file (not a report.json) ends before its root's closing tag. Its last bytes decide
    /// for nearly every file; only an unusual ending (a comment after the root) is scanned whole.
    static func isCutShort(_ data: Data) -> Bool {
        let space: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
        guard data.first(where: { !space.contains($0) }) == UInt8(ascii: "<") else { return false }
        let end = data.lastIndex { !space.contains($0) }.map { data.index(after: $0) } ?? data.startIndex
        let start = data.index(end, offsetBy: -16, limitedBy: data.startIndex) ?? data.startIndex
        let tail = String(decoding: data[start..<end], as: UTF8.self)
        if tail.hasSuffix("</testsuites>") || tail.hasSuffix("</testsuite>") { return false }
        return !JUnitScanner.scan(Array(data)).isComplete
    }

    /// Adds the runs of one file and returns how many it held.
    /// `beginsRun` false: the file's test cases join the run the file before began (SwiftPM's pair).
    static func add(
        _ data: Data, file: String, path: String, commit: String?, scanner: inout JUnitScanner,
        to history: inout HistoryAnalysis, beginsRun: Bool = true
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
        if beginsRun { history.beginRun(commit: commit ?? scanned.commit, file: path) }
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
