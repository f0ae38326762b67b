import Foundation
import Testing
@testable import FlakeCheckCore

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
        let (code, _, _) = CommandLineTests.run(["report", original + "/report.json", "--format", "html,junit,markdown",
                                                 "--output", rerendered])
        #expect(code == ExitCode.success)
        for format in [ReportFormat.html, .junit, .markdown] {
            let before = FileManager.default.contents(atPath: "\(original)/\(format.fileName)")
            let after = FileManager.default.contents(atPath: "\(rerendered)/\(format.fileName)")
            #expect(before != nil && before == after, "\(format.rawValue) re-renders identically")
        }
    }

    @Test func markdownGoesToTheStepSummaryUnlessTurnedOff() throws {
        let summary = NSTemporaryDirectory() + "fc-summary-\(UUID()).md"
        try Data("previous step\n".utf8).write(to: URL(fileURLWithPath: summary))
        let log = Fixture.folder.path + "/linux-6.3.1-xctest.txt"
        func parse(_ extra: [String]) -> Int32 {
            let context = CommandContext(stdout: CapturedOutput(), stderr: CapturedOutput(),
                                         environment: ["GITHUB_STEP_SUMMARY": summary],
                                         currentDirectory: NSTemporaryDirectory())
            return FlakeCheckCommand.main(["parse", log, "--quiet", "--output",
                                           NSTemporaryDirectory() + "fc-\(UUID())"] + extra, context: context)
        }
        #expect(parse([]) == ExitCode.gateFailed)
        let appended = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(appended.hasPrefix("previous step\n## flakecheck: failed"))
        #expect(appended.contains("FailingXCTests/testAlwaysFails"))
        _ = parse(["--no-step-summary"])
        #expect(try String(contentsOfFile: summary, encoding: .utf8) == appended)
    }
}
