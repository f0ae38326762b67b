import Foundation
import Testing
@testable import FlakeCheckCore

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
        // Released with its holder: the next run may take the folder.
        _ = try OutputFolderLock(folder: folder)
    }

    @Test func aRunIntoAFolderAnotherRunHoldsStartsNothing() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let output = package.folder + "/shared-out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let holder = try OutputFolderLock(folder: output)
        let err = CapturedOutput()
        let context = CommandContext(stdout: CapturedOutput(), stderr: err, environment: [:], currentDirectory: package.folder,
                                     launcher: package.launcher)
        let code = FlakeCheckCommand.main(["run", "--runs", "2", "--package-path", package.folder, "--output", output],
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
