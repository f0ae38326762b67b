import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// What flakecheck could not tell is on the terminal, in the HTML page and in the gate; stale files
/// never pass for fresh ones; `parse` names the file that is not a test log.
@Suite struct UnknownsShownTests {
    @Test func gateFailureSaysWhyOnTheLastLines() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testFlaky", .failsEvery(4)),
            RunHarnessTests.xctest("M.C/testStable"),
        ])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "8", "--min-pass-rate", "0.9", "--quiet"])
        #expect(session.code == ExitCode.gateFailed)
        let last = session.stdout.split(separator: "\n").last.map(String.init)
        #expect(last == "Gate failed: M.C/testFlaky 75.0% < 90.0% (min-pass-rate)")
        #expect(session.report?.gate.reasons == ["M.C/testFlaky 75.0% < 90.0% (min-pass-rate)"])
    }

    @Test func passingGateSaysSo() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testStable")])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "2", "--quiet"])
        #expect(session.code == ExitCode.success)
        #expect(session.stdout.hasSuffix("Gate passed: every test at or above 100% (min-pass-rate)\n"))
    }

    @Test func htmlShowsIncidentCardsWithCandidates() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.swiftTesting("M.S/crashesBetweenTests()", .crashesWithOthersEvery(2)),
            RunHarnessTests.swiftTesting("M.S/b()"),
        ])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "2", "--workers", "1", "--quiet"])
        let report = try #require(session.report)
        let html = HTMLReport().render(report)
        #expect(html.contains("<h2>Incidents (1)</h2>"))
        #expect(html.contains("unattributed crash"))
        #expect(html.contains("<code>M.S/b()</code>"))
        let markdown = MarkdownReport().render(report)
        #expect(markdown.contains("1 unattributed crash."))
        #expect(markdown.contains("- run 2: unattributed crash: "))
    }

    /// A CI step uploading `*.xml` must not pick up the JUnit file an earlier run left behind.
    @Test func freshRunRemovesReportsOfFormatsNotAskedFor() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testStable")])
        let output = package.folder + "/out"
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
            currentDirectory: package.folder, launcher: package.launcher)
        let base = ["run", "--runs", "1", "--quiet", "--package-path", package.folder, "--output", output]
        #expect(FlakeCheckCommand.main(base + ["--format", "json,junit,html"], context: context) == 0)
        #expect(FileManager.default.fileExists(atPath: output + "/report.junit.xml"))
        #expect(FlakeCheckCommand.main(base + ["--format", "json"], context: context) == 0)
        #expect(!FileManager.default.fileExists(atPath: output + "/report.junit.xml"))
        #expect(!FileManager.default.fileExists(atPath: output + "/report.html"))
        #expect(FileManager.default.fileExists(atPath: output + "/report.json"))
    }

    @Test func parseNamesTheFileWithNoTestLine() throws {
        let folder = NSTemporaryDirectory() + "flakecheck-parse-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Fixture.data("linux-6.3.1-xctest.txt").write(to: URL(fileURLWithPath: folder + "/good.txt"))
        try Data("Building for debugging...\nerror: something unrelated\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/empty.txt"))
        let (code, out, err) = CommandLineTests.run(
            ["parse", "good.txt", "empty.txt", "--output", folder + "/out"], in: folder)
        #expect(code == ExitCode.nothingMeasured)
        #expect(err.contains("'empty.txt'"))
        #expect(err.contains("no XCTest or Swift Testing result line"))
        let (goodCode, goodOut, goodErr) = CommandLineTests.run(
            ["parse", "good.txt", "--output", folder + "/out"], in: folder)
        #expect(goodCode == ExitCode.gateFailed)
        #expect(goodOut.contains("(1 run from 1 saved log)"))
        #expect(!goodErr.contains("Kept the logs"))
        _ = out
    }
}
