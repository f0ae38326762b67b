import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Two runs into one output folder once deleted each other's logs and scratch files and failed their
/// gates on lost results that never happened: the second run now refuses before it starts anything.
@Suite struct OutputFolderLockTests {
    @Test func aSecondLockOnTheSameFolderIsRefusedAndNamesTheHolder() throws {
        let folder = NSTemporaryDirectory() + "fc-lock-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var first: OutputFolderLock? = try OutputFolderLock(folder: folder)
        #expect(throws: FlakeCheckError.outputInUse(folder, holder: "\(getpid())")) {
            _ = try OutputFolderLock(folder: folder)
        }
        withExtendedLifetime(first) {}
        first = nil
        // Released with its holder, and its file gone (CI uploads the folder): the next run may take it.
        #expect(!FileManager.default.fileExists(atPath: folder + "/.flakecheck.lock"))
        var second: OutputFolderLock? = try OutputFolderLock(folder: folder)
        #expect(FileManager.default.fileExists(atPath: folder + "/.flakecheck.lock"))
        withExtendedLifetime(second) {}
        second = nil
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// A whole session leaves no lock file in its output folder.
    @Test func aFinishedRunLeavesNoLockFile() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "2", "--quiet"])
        let folder = try #require(package.folder.isEmpty ? nil : package.folder)
        let outputs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("out-") }
        #expect(session.report != nil && !outputs.isEmpty)
        for output in outputs {
            #expect(!FileManager.default.fileExists(atPath: "\(folder)/\(output)/.flakecheck.lock"))
        }
    }

    @Test func aRunIntoAFolderAnotherRunHoldsStartsNothing() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let output = package.folder + "/shared-out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let holder = try OutputFolderLock(folder: output)
        let err = CapturedOutput()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: err, environment: [:], currentDirectory: package.folder,
            launcher: package.launcher)
        let code = FlakeCheckCommand.main(
            ["run", "--runs", "2", "--package-path", package.folder, "--output", output],
            context: context)
        withExtendedLifetime(holder) {}
        #expect(code == ExitCode.nothingMeasured)
        #expect(err.text.contains("another flakecheck run (process \(getpid())) is writing to"))
        #expect(err.text.contains("--output DIR"))
        #expect(package.launcher.requests.isEmpty, "nothing built or run")
        #expect(!FileManager.default.fileExists(atPath: output + "/report.json"))
    }

    /// Each run's scratch files are its own, even in a folder it shares with earlier runs.
    @Test func scratchFilesArePrivateToTheProcess() throws {
        let package = try FakePackage(tests: [RunHarnessTests.swiftTesting("M.S/a()")])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "1"])
        let streams = session.launcher.requests.compactMap { request in
            request.arguments.firstIndex(of: "--event-stream-output-path").map { request.arguments[$0 + 1] }
        }
        #expect(!streams.isEmpty)
        #expect(streams.allSatisfy { $0.contains("/.scratch-\(getpid())/") })
    }
}

/// A package whose tests do not compile streamed its whole build output (362,745 lines for one real
/// package) before saying the build failed: now the first lines, then where the rest is, and the first
/// errors with the failure.
@Suite struct BuildOutputTests {
    @Test func aFloodingBuildShowsItsFirstLinesAndKeepsTheRestInALog() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        package.buildOutput =
            (1...5_000).map { "/src/M/File\($0).swift:1:1: error: cannot find 'x' in scope" }.joined(separator: "\n")
            + "\n"
        package.buildEnding = .exit(1)
        let output = package.folder + "/out"
        let err = CapturedOutput()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: err, environment: [:], currentDirectory: package.folder,
            launcher: package.launcher)
        let code = FlakeCheckCommand.main(
            ["run", "--runs", "1", "--package-path", package.folder, "--output", output],
            context: context)
        #expect(code == ExitCode.nothingMeasured)
        let shown = err.text.split(separator: "\n").filter { $0.hasPrefix("  /src/M/") }
        #expect(shown.count == SessionRunner.shownBuildLines - 1)
        #expect(err.text.contains("the rest of the build's output goes to \(output)/logs/build.log"))
        #expect(err.text.contains("the whole build output: \(output)/logs/build.log"))
        let log = try String(contentsOfFile: output + "/logs/build.log", encoding: .utf8)
        #expect(log.split(separator: "\n").count == 5_000)
        #expect(err.text.split(separator: "\n").count < 150, "\(err.text.split(separator: "\n").count) lines")
    }
}

extension BuildOutputTests {
    /// A listing that crashes shows the runtime's own words first, not after 40 lines of backtrace.
    @Test func aCrashedListingLeadsWithItsCause() {
        let backtrace = (1...40).map { "#\($0) 0x0000 in frame\($0) at /src/x.swift:\($0)" }.joined(separator: "\n")
        let output =
            "Fatal error: deliberate crash while listing\n*** Program crashed: Illegal instruction ***\n" + backtrace
        let gist = TestDiscoverer.gist(of: output)
        #expect(gist.hasPrefix("Fatal error: deliberate crash while listing\n"))
        #expect(gist.split(separator: "\n").count <= 12)
    }
}

/// Finding the test binary without asking SwiftPM where the layout is certain.
@Suite struct BinPathTests {
    @Test func theConfigurationSymlinkNamesTheBinFolderWithoutAskingSwiftPM() throws {
        #if os(Linux)
            let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
            try FileManager.default.createDirectory(
                atPath: package.folder + "/.build", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: package.folder + "/.build/debug", withDestinationPath: package.folder + "/bin")
            let session = try RunHarnessTests.session(package, ["run", "--runs", "1", "--no-build", "--quiet"])
            #expect(session.report?.tests.first?.passed == 1)
            #expect(!session.launcher.requests.contains { $0.arguments.contains("--show-bin-path") })
        #endif
    }

    /// No symlink (nothing built, or another layout): SwiftPM is asked, as before.
    @Test func withoutTheSymlinkSwiftPMIsAsked() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "1", "--no-build", "--quiet"])
        #expect(session.report?.tests.first?.passed == 1)
        #expect(session.launcher.requests.contains { $0.arguments.contains("--show-bin-path") })
    }

    /// A symlink whose folder has no test product (a build folder left half-deleted) is not trusted.
    @Test func aSymlinkToAFolderWithoutTheProductIsNotTrusted() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        try FileManager.default.createDirectory(
            atPath: package.folder + "/.build/empty", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: package.folder + "/.build/debug", withDestinationPath: package.folder + "/.build/empty")
        let session = try RunHarnessTests.session(package, ["run", "--runs", "1", "--no-build", "--quiet"])
        #expect(session.report?.tests.first?.passed == 1)
        #expect(session.launcher.requests.contains { $0.arguments.contains("--show-bin-path") })
    }
}
