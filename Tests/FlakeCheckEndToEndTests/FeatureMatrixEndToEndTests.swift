import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Runs flakecheck on `Tests/FixturePackages/Matrix` (every Swift Testing and XCTest feature, and tests
/// that misbehave on purpose) in process mode, in-process mode, and `parse` of saved `swift test` logs,
/// and checks every test's outcome in every run against `expectations.json`, which was written before
/// the first run. No made-up test may appear, and every selected test has an outcome in every run.
@Suite(.serialized) struct FeatureMatrixEndToEndTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FixturePackages/Matrix").path
    static let runs = 8

    struct Expectation: Decodable {
        var id: String
        var framework: String
        var expect: String
        var message: String?
        var parse: String?
        var failingArguments: String?

        /// One outcome symbol per run, as the report's history writes it.
        func history(runs: Int) -> String {
            String(
                (1...runs).map { run -> Character in
                    switch expect {
                    case "pass": "P"
                    case "fail": "F"
                    case "skip": "S"
                    case "crash": "C"
                    case "everyFourth": run % 4 == 0 ? "F" : "P"
                    case "abortEveryFourth": run % 4 == 0 ? "C" : "P"
                    default: "?"
                    }
                })
        }
    }

    static func expectations() throws -> [Expectation] {
        struct File: Decodable { var tests: [Expectation] }
        let data = try Data(contentsOf: URL(fileURLWithPath: package + "/expectations.json"))
        return try JSONDecoder().decode(File.self, from: data).tests
    }

    static func flakecheck(_ arguments: [String]) throws -> (code: Int32, report: FlakeReport?, stdout: String) {
        let output = NSTemporaryDirectory() + "flakecheck-matrix-\(UUID().uuidString)"
        let out = CapturedOutput()
        let context = CommandContext(
            stdout: out, stderr: CapturedOutput(), environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath)
        let code = FlakeCheckCommand.main(
            arguments + ["--package-path", package, "--output", output, "--quiet"],
            context: context)
        let data = FileManager.default.contents(atPath: output + "/report.json")
        return (code, try data.map { try JSONReportFormat.decode($0, path: "report.json") }, out.text)
    }

    /// Every expected test has exactly its expected history, its messages, and nothing else is reported.
    static func check(
        _ report: FlakeReport?, against expectations: [Expectation], mode: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let report else {
            Issue.record("\(mode): no report", sourceLocation: sourceLocation)
            return
        }
        #expect(
            report.tests.map(\.id).sorted() == expectations.map(\.id).sorted(), "\(mode): the tests reported",
            sourceLocation: sourceLocation)
        for expectation in expectations {
            guard let test = report.tests.first(where: { $0.id == expectation.id }) else { continue }
            #expect(
                test.history == expectation.history(runs: runs), "\(mode): \(expectation.id)",
                sourceLocation: sourceLocation)
            if let message = expectation.message {
                #expect(
                    test.failures.contains { $0.message.contains(message) },
                    "\(mode): \(expectation.id) failure message \(test.failures.map(\.message))",
                    sourceLocation: sourceLocation)
            }
            if let arguments = expectation.failingArguments {
                #expect(
                    test.failures.allSatisfy {
                        $0.message.hasPrefix("[arguments: \(arguments)]") || $0.message.contains("→ \(arguments)")
                    },
                    "\(mode): \(expectation.id) names its failing argument: \(test.failures.map(\.message))",
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test func processModeMatchesTheExpectations() throws {
        let expectations = try Self.expectations()
        let run = try Self.flakecheck(["run", "--runs", "\(Self.runs)", "--workers", "2", "--timeout", "120"])
        Self.check(run.report, against: expectations, mode: "process")
        #expect(run.code == ExitCode.gateFailed)
        // The abort on runs 4 and 8 is pinned on the test that aborts again alone; the bystanders keep
        // the passes they showed alone.
        let incidents = run.report?.runs.flatMap { $0.incidents ?? [] } ?? []
        #expect(incidents.allSatisfy { !$0.isUnresolved }, "\(incidents.map(\.message))")
    }

    @Test func inProcessModeMatchesTheExpectations() throws {
        let expectations = try Self.expectations()
        let run = try Self.flakecheck([
            "run", "--mode", "in-process", "--runs", "\(Self.runs)", "--workers", "2",
            "--timeout", "120",
        ])
        Self.check(run.report, against: expectations, mode: "in-process")
        let incidents = run.report?.runs.flatMap { $0.incidents ?? [] } ?? []
        #expect(incidents.allSatisfy { !$0.isUnresolved }, "\(incidents.map(\.message))")
    }

    /// `swift test` logs saved one per run, as a CI job keeps them, read by `parse --package-path`.
    @Test func parseModeMatchesTheExpectations() throws {
        let expectations = try Self.expectations().filter { $0.parse != "excluded" }
        let folder = NSTemporaryDirectory() + "flakecheck-matrix-logs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Built by the other tests' runs, or here.
        _ = try Self.flakecheck(["list"])
        var logs: [String] = []
        for run in 1...Self.runs {
            var environment = ProcessInfo.processInfo.environment
            environment["FLAKECHECK_RUN"] = String(run)
            // SwiftPM passes its test processes' output on through pipes of its own, and on a loaded machine
            // it once lost the first hundred lines of the Swift Testing process's (a fresh-clone CI run,
            // 2026-11-28: no `Test run started.`, only the last results and the summary). Such a log is
            // another input, which `parse` rightly reads as those tests not run; this test is about whole
            // logs, so a log missing either library's start is made again (the run number stays the same,
            // so the fixture's every-fourth-run tests see the same run).
            var bytes: [UInt8] = []
            for _ in 1...3 {
                bytes = []
                _ = try POSIXProcessLauncher().run(
                    ProcessRequest(
                        executable: "swift",
                        arguments: [
                            "test", "--skip-build", "--package-path", Self.package,
                            "--skip", "HostileExit", "--skip", "Hostile.AbortSuite/", "--skip", "InvalidUTF8XCTests",
                        ],
                        environment: environment, workingDirectory: Self.package, timeout: 300),
                    cancellation: CancellationFlag()
                ) { bytes += $0 }
                let text = String(decoding: bytes, as: UTF8.self)
                if text.contains("Test run started.") && text.contains("Test Suite 'Selected tests' started") { break }
            }
            let path = "\(folder)/run-\(run).log"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            logs.append(path)
        }
        let parsed = try Self.flakecheck(["parse"] + logs)
        Self.check(parsed.report, against: expectations, mode: "parse")
        let incidents = parsed.report?.runs.flatMap { $0.incidents ?? [] } ?? []
        #expect(incidents.isEmpty, "\(incidents.map(\.message))")
    }
}
