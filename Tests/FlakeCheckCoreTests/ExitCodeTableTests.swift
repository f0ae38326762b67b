import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// The README's exit-code table is what the commands do: its codes are the ones `ExitCode` defines, and
/// a saved log whose results are ambiguous exits 1 (a run had an incident flakecheck could not resolve),
/// not 2 (nothing measured).
@Suite struct ExitCodeTableTests {
    @Test func theTableListsTheCodesTheCommandsUse() throws {
        let readme = try String(contentsOf: WorkflowTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let table =
            readme.components(separatedBy: "## Exit codes").dropFirst().first?.components(separatedBy: "\n## ").first
            ?? ""
        let codes = table.split(separator: "\n").compactMap { line -> Int32? in
            guard line.hasPrefix("| ") else { return nil }
            return Int32(line.dropFirst(2).prefix { $0.isNumber })
        }
        #expect(
            codes == [
                ExitCode.success, ExitCode.gateFailed, ExitCode.nothingMeasured, ExitCode.reportNotWritten,
                ExitCode.usage, ExitCode.interrupted,
            ])
        #expect(table.contains("lost or ambiguous results"), "ambiguous results are on code 1's row")
    }

    @Test func aLogOfAmbiguousResultsExitsOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flakecheck-exit-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Two suites' `same()` run at once and end differently: the log cannot say whose end is whose.
        let log =
            "◇ Test run started.\n◇ Test same() started.\n◇ Test same() started.\n"
            + "✔ Test same() passed after 0.001 seconds.\n✘ Test same() failed after 0.002 seconds with 1 issue.\n"
            + "✘ Test run with 2 tests in 2 suites failed after 0.01 seconds with 1 issue.\n"
        try log.write(toFile: folder + "/run-1.log", atomically: true, encoding: .utf8)
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:], currentDirectory: folder)
        let code = FlakeCheckCommand.main(["parse", "run-1.log", "--output", "out", "--quiet"], context: context)
        let report = try JSONReportFormat.decode(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/out/report.json")), path: "report.json")
        #expect(report.runs.flatMap { $0.incidents ?? [] }.map(\.kind) == [.ambiguousResults])
        #expect(code == ExitCode.gateFailed)
    }
}

/// A list cut short says so: a failure's runs keep the first 10, and report.json and JUnit say when more
/// runs failed than the list holds.
@Suite struct CappedListTests {
    @Test func aFailuresRunListSaysWhenItIsCut() throws {
        var aggregator = ResultAggregator()
        for run in 0..<12 {
            aggregator.record(
                [
                    "M.T/testX": TestResult(
                        outcome: .failed, failures: [FailureRecord(message: "no", location: "T.swift:3")])
                ],
                runIndex: run)
        }
        let summary = try #require(aggregator.summaries(runs: 12, confidence: 0.95).first)
        let failure = try #require(summary.failures.first)
        #expect(failure.count == 12 && failure.runIndices.count == 10)
        let json = String(decoding: try JSONEncoder().encode(failure), as: UTF8.self)
        #expect(json.contains("\"runsTruncated\":true"), "\(json)")
        var short = failure
        short.count = 10
        #expect(!String(decoding: try JSONEncoder().encode(short), as: UTF8.self).contains("runsTruncated"))
    }
}
