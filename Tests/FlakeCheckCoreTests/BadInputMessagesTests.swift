import Foundation
import FlakeCheckCLI
import FlakeCheckReporting
import FlakeCheckSupport
import Testing

/// Bad input gets a sentence that says what is wrong and where, never a raw `DecodingError` or a
/// Foundation error domain and number.
@Suite struct BadInputMessagesTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "flakecheck-bad-input-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func main(_ arguments: [String], in folder: String) -> (code: Int32, stderr: String) {
        let stderr = CapturedOutput()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: stderr, environment: [:], currentDirectory: folder)
        return (FlakeCheckCommand.main(arguments, context: context), stderr.text)
    }

    @Test func aReportWithANullFieldNamesTheField() throws {
        let report = #"{"schemaVersion":2,"tool":{"name":"flakecheck","version":"1"},"command":"run","tests":null}"#
        #expect(throws: FlakeCheckError.self) { try JSONReportFormat.decode(Data(report.utf8), path: "r.json") }
        do {
            _ = try JSONReportFormat.decode(Data(report.utf8), path: "r.json")
        } catch {
            let text = "\(error)"
            #expect(!text.contains("DecodingError"), "\(text)")
            #expect(text.contains("'configuration'"), "\(text)")
        }
    }

    /// `parse` builds nothing: a package not built is said in `parse`'s words, naming no option it lacks.
    @Test func parseOfAPackageNotBuiltNamesOnlyItsOwnOptions() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Unbuilt\")\n"
            .write(toFile: folder + "/Package.swift", atomically: false, encoding: .utf8)
        try "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\nTest Case 'T.testA' passed (0.001 seconds)\n"
            .write(toFile: folder + "/run.log", atomically: false, encoding: .utf8)
        let stderr = CapturedOutput()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: stderr, environment: ProcessInfo.processInfo.environment,
            currentDirectory: folder)
        let code = FlakeCheckCommand.main(["parse", "run.log", "--package-path", ".", "--output", "out"], context: context)
        let result = (code: code, stderr: stderr.text)
        #expect(result.code == 2)
        #expect(result.stderr.contains("parse reads the test list of a package already built"), "\(result.stderr)")
        #expect(!result.stderr.contains("--no-build"), "\(result.stderr)")
    }

    @Test func anOutputFolderUnderAFileSaysSo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "x".write(toFile: folder + "/afile", atomically: false, encoding: .utf8)
        try "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\nTest Case 'T.testA' passed (0.001 seconds)\n"
            .write(toFile: folder + "/run.log", atomically: false, encoding: .utf8)
        let run = Self.main(["parse", "run.log", "--output", "afile/sub", "--quiet"], in: folder)
        #expect(run.code == ExitCode.nothingMeasured)
        #expect(run.stderr.contains("afile' is a file, not a folder"), "\(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain"))
    }

    /// Schema 1 reports are upgraded when read, yet `merge` still refuses to merge one with schema 2.
    @Test func mergeRefusesReportsOfTwoSchemaVersions() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixtures = WorkflowTests.root.appendingPathComponent("Tests/FlakeCheckCoreTests/Fixtures/reports-v1").path
        let old = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/crash.json"))
        let report = try JSONReportFormat.decode(old, path: "crash.json")
        _ = try ReportWriter(folder: OutputFolder(path: folder)).write(report, formats: [.json])
        try FileManager.default.moveItem(atPath: folder + "/report.json", toPath: folder + "/new.json")
        try old.write(to: URL(fileURLWithPath: folder + "/old.json"))
        let run = Self.main(["merge", "old.json", "new.json", "--output", "merged", "--quiet"], in: folder)
        #expect(run.code == ExitCode.nothingMeasured)
        #expect(run.stderr.contains("schemaVersion 2 differs"), "\(run.stderr)")
    }

    /// A run that fails before it measures anything leaves no output folder it made.
    @Test func aRunThatMeasuresNothingLeavesNoFolder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Self.main(["run", "--package-path", "nope", "--output", "out", "--quiet"], in: folder)
        #expect(run.code == ExitCode.nothingMeasured)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
}
