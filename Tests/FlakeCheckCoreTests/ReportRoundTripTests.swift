import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// A saved report.json re-renders to exactly what the original run wrote, and GitHub's step summary
/// gets the Markdown when asked.
@Suite struct ReportRoundTripTests {
    @Test func jsonRoundTripsExactly() throws {
        let report = HostileReport.make()
        let data = try JSONReportFormat.encode(report)
        let decoded = try JSONReportFormat.decode(data, path: "report.json")
        #expect(decoded == report)
        #expect(try JSONReportFormat.encode(decoded) == data)
    }

    @Test func reportCommandRerendersEveryFormatIdentically() throws {
        let report = HostileReport.make()
        let original = NSTemporaryDirectory() + "fc-original-\(UUID())"
        let rerendered = NSTemporaryDirectory() + "fc-rerendered-\(UUID())"
        let folder = OutputFolder(path: original)
        try folder.prepare()
        _ = try ReportWriter(folder: folder).write(report, formats: ReportFormat.allCases)
        // Its kept logs exist, so rendered elsewhere its links only change their folder.
        for run in report.runs {
            guard let log = run.logPath, log.hasPrefix("logs/") else { continue }
            try FileManager.default.createDirectory(atPath: original + "/logs", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: original + "/" + log, contents: Data())
        }
        let (code, _, _) = CommandLineTests.run([
            "report", original + "/report.json", "--format", "html,junit,markdown",
            "--output", rerendered,
        ])
        #expect(code == ExitCode.success)
        let originalName = (original as NSString).lastPathComponent
        for format in [ReportFormat.html, .junit, .markdown] {
            let before = FileManager.default.contents(atPath: "\(original)/\(format.fileName)").map {
                String(decoding: $0, as: UTF8.self)
            }
            let after = FileManager.default.contents(atPath: "\(rerendered)/\(format.fileName)").map {
                String(decoding: $0, as: UTF8.self)
            }
            let expected = before?.replacingOccurrences(of: "\"logs/run-", with: "\"../\(originalName)/logs/run-")
            // The one hostile log name that is no file (`javascript:alert(4)`) is marked missing.
            #expect(before != nil, "\(format.rawValue)")
            if format == .html {
                #expect(after?.contains("href=\"../\(originalName)/logs/run-00002.log\"") == true)
                #expect(after?.contains("href=\"logs/run-00002.log\"") == false)
            } else {
                #expect(after == expected, "\(format.rawValue) re-renders identically but for the log folder")
            }
        }
        // Rendered where the report is, nothing changes.
        let (again, _, _) = CommandLineTests.run(["report", original + "/report.json", "--format", "html"])
        #expect(again == ExitCode.success)
    }

    @Test func logLinksAreRebasedOrMarkedMissing() {
        var report = HostileReport.make()
        report.runs = [RunRecord(index: 0, strategy: nil, processes: [], logPath: "logs/run-00001.log")]
        let missing = ReportCommand.rebasingLogs(of: report, from: "/nonexistent/a", to: "/nonexistent/b")
        #expect(missing.runs[0].logPath == nil)
        #expect(missing.runs[0].logError == "the kept log is missing: /nonexistent/a/logs/run-00001.log")
        #expect(ReportCommand.relativePath(of: "/x/a/logs/r.log", from: "/x/b/c") == "../../a/logs/r.log")
        #expect(ReportCommand.relativePath(of: "/x/a/logs/r.log", from: "/y") == "/x/a/logs/r.log")
    }

    @Test func markdownGoesToTheStepSummaryUnlessTurnedOff() throws {
        let summary = NSTemporaryDirectory() + "fc-summary-\(UUID()).md"
        defer { try? FileManager.default.removeItem(atPath: summary) }
        try Data("previous step\n".utf8).write(to: URL(fileURLWithPath: summary))
        let log = Fixture.folder.path + "/linux-6.3.1-xctest.txt"
        func parse(_ extra: [String]) -> Int32 {
            let context = CommandContext(
                stdout: CapturedOutput(), stderr: CapturedOutput(),
                environment: ["GITHUB_STEP_SUMMARY": summary],
                currentDirectory: NSTemporaryDirectory())
            return FlakeCheckCommand.main(
                [
                    "parse", log, "--quiet", "--output",
                    NSTemporaryDirectory() + "fc-\(UUID())",
                ] + extra, context: context)
        }
        #expect(parse([]) == ExitCode.gateFailed)
        let appended = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(appended.hasPrefix("previous step\n## flakecheck: failed"))
        #expect(appended.contains("FailingXCTests/testAlwaysFails"))
        _ = parse(["--no-step-summary"])
        #expect(try String(contentsOfFile: summary, encoding: .utf8) == appended)
    }
}

extension ReportRoundTripTests {
    /// `merge` is presented like every gating command: step summary (unless turned off), table, gate, exit code.
    @Test func mergeIsPresentedLikeRun() throws {
        let folder = NSTemporaryDirectory() + "fc-merge-\(UUID())"
        let writer = OutputFolder(path: folder)
        try writer.prepare()
        _ = try ReportWriter(folder: writer).write(HostileReport.make(), formats: [.json])
        let summary = folder + "/summary.md"
        for (flags, appended) in [([String](), true), (["--no-step-summary"], false)] {
            try? FileManager.default.removeItem(atPath: summary)
            let out = CapturedOutput()
            let context = CommandContext(
                stdout: out, stderr: CapturedOutput(), environment: ["GITHUB_STEP_SUMMARY": summary],
                currentDirectory: folder)
            let code = FlakeCheckCommand.main(
                ["merge", folder + "/report.json", "--output", folder + "/merged"] + flags,
                context: context)
            #expect(code == ExitCode.gateFailed)
            #expect(out.text.contains("Gate failed"))
            #expect(FileManager.default.fileExists(atPath: summary) == appended)
        }
    }
}

extension ReportRoundTripTests {
    /// A report that cannot be put in place is an error that names the folder and the reason, and leaves
    /// neither a temporary file nor a changed destination behind.
    @Test func aReportThatCannotBePutInPlaceLeavesNothingBehind() throws {
        let path = NSTemporaryDirectory() + "fc-blocked-\(UUID())"
        let folder = OutputFolder(path: path)
        try folder.prepare()
        // A folder (not empty) where report.json should go: the rename into place fails.
        try FileManager.default.createDirectory(atPath: path + "/report.json", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path + "/report.json/keep", contents: Data("kept".utf8))
        #expect {
            try ReportWriter(folder: folder).write(HostileReport.make(), formats: [.json])
        } throws: { error in
            "\(error)".contains(path) && "\(error)".lowercased().contains("directory")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).sorted() == ["report.json"])
        #expect(FileManager.default.contents(atPath: path + "/report.json/keep") == Data("kept".utf8))
        // Written again once the way is clear: the whole report, byte for byte what the encoder gives.
        try FileManager.default.removeItem(atPath: path + "/report.json")
        let report = HostileReport.make()
        _ = try ReportWriter(folder: folder).write(report, formats: [.json])
        #expect(FileManager.default.contents(atPath: path + "/report.json") == (try JSONReportFormat.encode(report)))
    }
}
