import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `archive` then `run --archive` from another folder: no build and no listing where the archive runs,
/// the archived tests and nothing else, and a clear refusal for another toolchain or a bad file.
@Suite struct BuildArchiveTests {
    static func main(
        _ arguments: [String], package: FakePackage, in folder: String, environment: [String: String] = [:]
    )
        -> (code: Int32, stderr: String, launcher: ScriptedLauncher)
    {
        let launcher = package.launcher
        let err = CapturedOutput()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: err, environment: environment, currentDirectory: folder,
            launcher: launcher)
        return (FlakeCheckCommand.main(arguments, context: context), err.text, launcher)
    }

    static func emptyFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "fc-shard-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func anArchivedBuildRunsElsewhereWithoutBuildingOrListing() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testA", .failsEvery(2)), RunHarnessTests.swiftTesting("M.S/b()"),
        ])
        let archive = package.folder + "/tests.tar.gz"
        let written = Self.main(
            ["archive", "--package-path", package.folder, "--output", archive], package: package, in: package.folder)
        #expect(written.code == ExitCode.success, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: archive))

        let shard = try Self.emptyFolder()
        let run = Self.main(
            ["run", "--archive", archive, "--runs", "4", "--shard", "1/2", "--output", shard + "/out", "--quiet"],
            package: package, in: shard)
        #expect(run.code == ExitCode.gateFailed, "testA fails every second start: \(run.stderr)")
        let requests = run.launcher.requests
        #expect(!requests.contains { $0.executable == "swift" && $0.arguments.first == "build" }, "no build")
        #expect(!requests.contains { $0.arguments.contains("--list-tests") }, "the archive's list is used")
        let tests = requests.filter { $0.executable.hasSuffix("/FakePackageTests.xctest") }
        #expect(
            !tests.isEmpty && tests.allSatisfy { !$0.executable.hasPrefix(package.folder) }, "the unpacked binary runs")
        let report = try JSONReportFormat.decode(
            try #require(FileManager.default.contents(atPath: shard + "/out/report.json")),
            path: "report.json")
        #expect(report.tests.map(\.id) == ["M.C/testA", "M.S/b()"])
        #expect(report.tests.map(\.countedRuns) == [2, 2], "shard 1 of 2 of 4 runs")
    }

    @Test func anotherToolchainIsRefused() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let archive = package.folder + "/tests.tar.gz"
        _ = Self.main(
            ["archive", "--package-path", package.folder, "--output", archive], package: package, in: package.folder)
        package.toolchainVersion = "Swift version 6.4 (fake)"
        let shard = try Self.emptyFolder()
        let run = Self.main(["run", "--archive", archive, "--output", shard + "/out"], package: package, in: shard)
        #expect(run.code == ExitCode.nothingMeasured)
        #expect(
            run.stderr.contains(
                "it was built with Swift version 6.3.1 (fake), and `swift` here is Swift version 6.4 (fake)"))
        #expect(!run.launcher.requests.contains { $0.executable.hasSuffix(".xctest") })
    }

    @Test func aFileThatIsNoArchiveIsRefused() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let shard = try Self.emptyFolder()
        let missing = Self.main(
            ["run", "--archive", shard + "/nothing.tar.gz", "--output", shard + "/out"], package: package, in: shard)
        #expect(missing.code == ExitCode.nothingMeasured && missing.stderr.contains("no such file"))
        try Data("not a tarball".utf8).write(to: URL(fileURLWithPath: shard + "/bad.tar.gz"))
        let bad = Self.main(
            ["run", "--archive", shard + "/bad.tar.gz", "--output", shard + "/out"], package: package, in: shard)
        #expect(bad.code == ExitCode.nothingMeasured && bad.stderr.contains("failed while unpacking"), "\(bad.stderr)")
    }
}
