import Foundation
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckSupport
import Testing

/// `history` counts CI runs: SwiftPM's pair of files is one run, a file given twice is read once, a file cut
/// short is a warning and not a run of not-run tests, UTF-16 reads as UTF-8, and a huge message is capped.
@Suite struct HistoryCIRunsTests {
    /// One real `swift test --parallel --xunit-output junit.xml` of KnownOutcomes: junit.xml (8 XCTest test
    /// cases) and junit-swift-testing.xml (10 Swift Testing ones).
    static let pair = WorkflowTests.root.appendingPathComponent("Tests/FlakeCheckCoreTests/Fixtures/junit/swiftpm-pair")
        .path

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "flakecheck-history-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func history(_ files: [String], in folder: String) throws -> (code: Int32, report: FlakeReport?, stderr: String) {
        let stderr = CapturedOutput()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: stderr, environment: [:], currentDirectory: folder)
        let code = FlakeCheckCommand.main(["history"] + files + ["--output", "out", "--no-step-summary"], context: context)
        let report = try FileManager.default.contents(atPath: folder + "/out/report.json")
            .map { try JSONReportFormat.decode($0, path: "report.json") }
        return (code, report, stderr.text)
    }

    /// N CI runs, each a folder with SwiftPM's pair: N runs, and every test has a result in each.
    @Test func swiftPMsPairOfFilesIsOneRun() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        for run in 1...3 {
            try FileManager.default.copyItem(atPath: Self.pair, toPath: folder + "/run-\(run)")
            files += ["run-\(run)/junit.xml", "run-\(run)/junit-swift-testing.xml"]
        }
        let history = try Self.history(files, in: folder)
        let report = try #require(history.report)
        #expect(report.runs.count == 3)
        #expect(report.tests.count == 18)
        #expect(report.tests.allSatisfy { $0.notRun == 0 && $0.runs == 3 })
    }

    @Test func aFileGivenTwiceIsReadOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try Self.history([Self.pair + "/junit.xml", Self.pair + "/junit.xml"], in: folder)
        #expect(history.report?.runs.count == 1)
        #expect(history.stderr.contains("was given more than once; it is read once"))
    }

    /// A file cut short is named in a warning and its run left out: its missing tests are not `notRun`.
    @Test func aFileCutShortIsAWarningNotARunOfMissingTests() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.pair + "/junit.xml"))
        try whole.write(to: URL(fileURLWithPath: folder + "/whole.xml"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: folder + "/cut.xml"))
        let history = try Self.history(["whole.xml", "cut.xml"], in: folder)
        let report = try #require(history.report)
        #expect(report.runs.count == 1)
        #expect(report.tests.allSatisfy { $0.notRun == 0 })
        #expect(history.stderr.contains("warning: cut.xml ends before its closing </testsuites> tag"))
    }

    @Test func utf16JUnitReadsAsUTF8() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try String(contentsOfFile: Self.pair + "/junit-swift-testing.xml", encoding: .utf8)
        try #require(text.data(using: .utf16)).write(to: URL(fileURLWithPath: folder + "/utf16.xml"))
        let history = try Self.history(["utf16.xml"], in: folder)
        #expect(history.report?.tests.count == 10)
    }

    /// A 5 MB failure message is kept as a run keeps one: 64 KiB and a mark that it was cut.
    @Test func aHugeMessageIsCapped() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let message = String(repeating: "x", count: 5 << 20)
        let xml =
            "<testsuites><testsuite name=\"S\"><testcase classname=\"M.C\" name=\"testA\">"
            + "<failure message=\"\(message)\"/></testcase></testsuite></testsuites>\n"
        try xml.write(toFile: folder + "/big.xml", atomically: false, encoding: .utf8)
        let history = try Self.history(["big.xml"], in: folder)
        let kept = try #require(history.report?.tests.first?.failures.first?.message)
        #expect(kept.utf8.count < 70_000)
        #expect(kept.hasSuffix("… (cut)"))
    }
}
