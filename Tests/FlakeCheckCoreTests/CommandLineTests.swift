import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

@Suite struct CommandLineTests {
    static func run(_ arguments: [String], in directory: String = NSTemporaryDirectory()) -> (Int32, String, String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let context = CommandContext(stdout: out, stderr: err, environment: [:], currentDirectory: directory)
        let code = FlakeCheckCommand.main(arguments, context: context)
        return (code, out.text, err.text)
    }

    /// Every command's help has its usage, options, examples that are that command, and its exit codes;
    /// `list`'s help speaks of listing, not running.
    @Test(arguments: ["run", "compare", "demo", "parse", "list", "report", "merge", "baseline", "archive", "history"])
    func everyCommandHasHelp(command: String) {
        let (code, out, _) = Self.run([command, "--help"])
        #expect(code == 0)
        #expect(out.contains("USAGE: flakecheck \(command)"))
        #expect(out.contains("OPTIONS:"))
        #expect(out.contains("EXAMPLES:\n  flakecheck \(command)") || out.contains("EXAMPLES:\n  for i in"), "\(out)")
        #expect(out.contains("EXIT CODES:\n"))
        if command == "list" {
            #expect(!out.contains("Run only") && !out.contains("to run"), "\(out)")
        }
        // An 80-column terminal shows the overview and every option whole (113 lines were over 80, the
        // longest 303); only the usage line and the examples, which are commands to copy, may be longer.
        let sections = out.components(separatedBy: "\n\n")
        let prose = sections.filter { !$0.hasPrefix("USAGE:") && !$0.hasPrefix("EXAMPLES:") }.joined(separator: "\n")
        let long = prose.split(separator: "\n").filter { $0.count > 80 }
        #expect(long.isEmpty, "\(command): \(long)")
        // An alias kept for old scripts is not advertised; compare and demo do not list run's --replay.
        #expect(!out.contains("--stress"))
        if command == "compare" || command == "demo" {
            #expect(!out.contains("--replay") && !out.contains("--run K"), "\(out)")
        }
    }

    @Test func runHelpListsDefaults() {
        let (_, out, _) = Self.run(["run", "--help"])
        for expected in [
            "--runs N", "default: 100", "--timeout SECONDS", "default: 300", "--min-pass-rate R",
            "--workers N", "--no-build", "--mode process|swift-test", "--quiet", "--no-color",
        ] {
            #expect(out.contains(expected), "help mentions \(expected)")
        }
    }

    @Test func versionAndTopLevelHelp() {
        #expect(Self.run(["--version"]).1 == "flakecheck \(FlakeCheckVersion.current)\n")
        #expect(Self.run(["--help"]).1.contains("EXIT CODES"))
        #expect(Self.run([]).0 == ExitCode.usage)
    }

    @Test(arguments: [
        ["run", "--runs", "zero"], ["run", "--runs", "0"], ["run", "--bogus"], ["run", "--min-pass-rate", "2"],
        ["run", "--filter", "("], ["run", "--mode", "fast"], ["run", "extra"], ["compare"],
        ["compare", "--strategy", "noequals"], ["frobnicate"], ["parse"], ["run", "--runs"],
        ["baseline", "--from", "report.json", "--expires", "2027-13-45"], ["baseline", "--reason", "x"],
        ["run", "--stress", "4"],
    ])
    func usageErrorsExit64WithAUsageLine(arguments: [String]) {
        let (code, _, err) = Self.run(arguments)
        #expect(code == ExitCode.usage)
        #expect(err.hasPrefix("error: "))
    }

    @Test func unknownOptionSuggestsTheRightOne() {
        #expect(Self.run(["run", "--run", "5"]).2.contains("Did you mean '--runs'?"))
    }

    @Test func missingPackageExits2WithAHint() {
        let (code, _, err) = Self.run([
            "run", "--package-path", "/nonexistent/pkg", "--output", NSTemporaryDirectory() + "fc-\(UUID())",
        ])
        #expect(code == ExitCode.nothingMeasured)
        #expect(err.contains("no Package.swift in '/nonexistent/pkg'"))
    }

    @Test func unreadableLogExits2() {
        let (code, _, err) = Self.run(["parse", "/nonexistent/log.txt"])
        #expect(code == ExitCode.nothingMeasured)
        #expect(err.contains("cannot read '/nonexistent/log.txt'"))
        let (folderCode, _, folderErr) = Self.run(["parse", Fixture.folder.path])
        #expect(folderCode == ExitCode.nothingMeasured)
        #expect(folderErr.contains("it is a folder; pass the log files in it"), "\(folderErr)")
    }

    @Test func parseWritesAReportFromSavedLogs() throws {
        let output = NSTemporaryDirectory() + "fc-parse-\(UUID())"
        let fixtures = Fixture.folder.path
        let (code, out, _) = Self.run([
            "parse", "\(fixtures)/linux-6.3.1-xctest.txt", "\(fixtures)/linux-6.3.1-xctest.txt",
            "--output", output, "--quiet",
        ])
        #expect(code == ExitCode.gateFailed)
        #expect(out.contains("FailingXCTests/testAlwaysFails"))
        let report = try JSONReportFormat.decode(
            try Data(contentsOf: URL(fileURLWithPath: output + "/report.json")), path: "r")
        #expect(report.configuration.runs == 2)
        #expect(report.tests.first { $0.id == "StableXCTests/testPasses" }?.passed == 2)
        #expect(report.tests.first { $0.id == "FailingXCTests/testAlwaysFails" }?.verdict == .failing)
    }

    @Test func unwritableOutputFolderIsRefusedBeforeAnythingRuns() throws {
        let file = NSTemporaryDirectory() + "fc-file-\(UUID())"
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        let (code, _, err) = Self.run([
            "parse", Fixture.folder.path + "/linux-6.3.1-xctest.txt", "--output", file + "/sub",
        ])
        #expect(code == ExitCode.nothingMeasured)
        #expect(err.contains("cannot write to the output folder"))
    }

    @Test func reportRejectsNewerSchema() throws {
        let path = NSTemporaryDirectory() + "fc-report-\(UUID()).json"
        try Data(#"{"schemaVersion": 99}"#.utf8).write(to: URL(fileURLWithPath: path))
        let (code, _, err) = Self.run(["report", path])
        #expect(code == ExitCode.nothingMeasured)
        #expect(err.contains("newer than this flakecheck understands"))
    }
}

extension CommandLineTests {
    @Test(arguments: ["0/2", "3/2", "1", "a/b", "1/0"])
    func badShardIsAUsageError(shard: String) {
        #expect(Self.run(["run", "--shard", shard]).0 == ExitCode.usage)
    }

    @Test func shardsAreDisjointAndCoverEveryRun() throws {
        let shards = try (1...3).map { try #require(Shard(text: "\($0)/3")) }
        for run in 0..<30 {
            #expect(shards.filter { $0.contains(runIndex: run) }.count == 1)
        }
    }
}

extension CommandLineTests {
    /// A parse whose baseline is mistyped fails on the baseline before it reads a log.
    @Test func aMistypedBaselineFailsBeforeAnyLogIsRead() {
        let (code, _, err) = CommandLineTests.run(["parse", "/no/such/log.txt", "--baseline", "/no/such/baseline.json"])
        #expect(code == ExitCode.nothingMeasured)
        #expect(err.contains("baseline.json") && !err.contains("log.txt"), "\(err)")
    }
}

/// Every `--help` screen fits an 80-column terminal: options, usage lines and examples wrap, and an
/// example's comment stands on its own line.
@Suite struct HelpWidthTests {
    static let commands = [
        "", "run", "compare", "demo", "parse", "list", "report", "merge", "baseline", "archive", "history",
    ]

    @Test(arguments: commands)
    func helpFitsEightyColumns(command: String) {
        let out = CapturedOutput()
        let context = CommandContext(stdout: out, stderr: CapturedOutput(), environment: [:], currentDirectory: "/")
        let code = FlakeCheckCommand.main((command.isEmpty ? [] : [command]) + ["--help"], context: context)
        #expect(code == ExitCode.success)
        #expect(out.text.contains("USAGE:"))
        for line in out.text.split(separator: "\n") {
            #expect(line.count <= 80, "`flakecheck \(command) --help`: \(line.count) columns: \(line)")
        }
    }
}
