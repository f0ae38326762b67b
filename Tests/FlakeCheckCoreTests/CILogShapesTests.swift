import Foundation
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckSupport
import Testing

/// `parse` reads the raw logs CI systems hand out as it reads the plain log of the same run: the same
/// tests, counts and verdicts. The shapes are one real `swift test` run of KnownOutcomes (stdout and
/// stderr) written the way each CI's documentation describes (`Scripts/ci-log-shapes.py`).
@Suite struct CILogShapesTests {
    static let folder = WorkflowTests.root.appendingPathComponent("Tests/FlakeCheckCoreTests/Fixtures/ci-logs").path

    struct Row: Equatable, CustomStringConvertible {
        var id: String
        var passed, failed, skipped, crashed, notRun: Int
        var verdict: Verdict
        var description: String { "\(id) \(passed)/\(failed)/\(skipped)/\(crashed)/\(notRun) \(verdict.rawValue)" }
    }

    static func parse(_ name: String) throws -> (code: Int32, rows: [Row]) {
        let output = NSTemporaryDirectory() + "flakecheck-ci-shapes-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:], currentDirectory: folder)
        let code = FlakeCheckCommand.main(["parse", name, "--output", output, "--quiet"], context: context)
        let data = try #require(FileManager.default.contents(atPath: output + "/report.json"), "\(name): no report")
        let report = try JSONReportFormat.decode(data, path: name)
        return (
            code,
            report.tests.map {
                Row(
                    id: $0.id, passed: $0.passed, failed: $0.failed, skipped: $0.skipped, crashed: $0.crashed,
                    notRun: $0.notRun, verdict: $0.verdict)
            }.sorted { $0.id < $1.id }
        )
    }

    @Test(arguments: ["github-actions.log", "buildkite.log", "gitlab.log", "jenkins.log", "cr-only.log", "nul.log"])
    func aRawLogReadsAsThePlainOne(shape: String) throws {
        let plain = try Self.parse("plain.log")
        #expect(plain.rows.count == 18, "the plain log holds the run's 18 tests")
        let raw = try Self.parse(shape)
        #expect(raw.code == plain.code, "\(shape)")
        #expect(raw.rows == plain.rows, "\(shape)")
    }

    @Test func prefixesComeOffAndOtherLinesStayWhole() {
        func content(_ text: String) -> String {
            Array(text.utf8).withUnsafeBufferPointer { CILogPrefix.content(of: LineBytes($0)).string }
        }
        #expect(content("2026-11-21T23:46:46.6513427Z Test Case 'A.b' started") == "Test Case 'A.b' started")
        #expect(content("\u{1B}_bk;t=1763768806123\u{07}✔ Test x() passed") == "✔ Test x() passed")
        #expect(content("2026-11-21T23:46:46.651234Z 00O+ passed (0.001 seconds)") == "passed (0.001 seconds)")
        #expect(content("[2026-11-21T23:46:46.651Z] Test Suite 'All tests' started") == "Test Suite 'All tests' started")
        #expect(content("[23:46:46] ◇ Test run started.") == "◇ Test run started.")
        #expect(content("\u{1B}[0Ksection_end:1763768866:step_script\r\u{1B}[0K") == "")
        #expect(content("\u{0}\u{0}Test Case 'A.b' passed") == "Test Case 'A.b' passed")
        // Lines a test prints that only look alike keep every byte.
        for line in ["2026-11-21 is the day", "[x] done", "12:30 lunch", "section_start without its end", "2 tests"] {
            #expect(content(line) == line)
        }
    }
}
