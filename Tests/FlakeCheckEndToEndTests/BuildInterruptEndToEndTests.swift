import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Ctrl-C during a cold build once left `swiftc` and `swift-frontend` compiling for seconds after
/// flakecheck exited (SwiftPM starts each compiler in a process group of its own). Now the build runs in
/// a session of its own, and an interrupt stops the whole session and waits for it.
@Suite(.serialized) struct BuildInterruptEndToEndTests {
    @Test func anInterruptedBuildLeavesNoCompilerRunning() throws {
        #if os(Linux)
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("FixturePackages/Matrix").path
            let package = NSTemporaryDirectory() + "flakecheck-cold-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
            for item in ["Package.swift", "Sources", "Tests"] {
                try FileManager.default.copyItem(atPath: source + "/" + item, toPath: package + "/" + item)
            }
            defer { try? FileManager.default.removeItem(atPath: package) }
            let cancellation = CancellationFlag()
            let err = CapturedOutput()
            var context = CommandContext(
                stdout: CapturedOutput(), stderr: err, environment: ProcessInfo.processInfo.environment,
                currentDirectory: package)
            context.cancellation = cancellation
            // Interrupt once the compilers are running: the first `swift-frontend` whose command line names
            // this package.
            let watcher = Thread {
                let deadline = Date().addingTimeInterval(120)
                while Date() < deadline, Self.compilers(of: package).isEmpty { usleep(50_000) }
                cancellation.cancel()
            }
            watcher.start()
            let code = FlakeCheckCommand.main(
                ["run", "--runs", "1", "--package-path", package, "--output", package + "/out"],
                context: context)
            #expect(code == ExitCode.interrupted, "\(err.text.suffix(500))")
            #expect(err.text.contains("every compiler it started were stopped"), "\(err.text.suffix(500))")
            // flakecheck waited for them: none is left the moment it returns, nor a moment later.
            #expect(Self.compilers(of: package).isEmpty)
            usleep(500_000)
            #expect(Self.compilers(of: package).isEmpty)
        #endif
    }

    /// Processes whose command line mentions `package`: `swift-build`, `swiftc`, `swift-frontend`.
    static func compilers(of package: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                !stat.contains(") Z ")
            else { return false }
            let command = String(decoding: data, as: UTF8.self)
            return command.contains(package) && (command.contains("swift-frontend") || command.contains("swiftc"))
        }
    }
}

/// Two processes, one output folder: the lock is the kernel's, so it holds across processes.
@Suite struct OutputFolderLockEndToEndTests {
    @Test func aRunRefusesAFolderAnotherProcessHolds() throws {
        #if os(Linux)
            let folder = NSTemporaryDirectory() + "fc-shared-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // Another process holds the folder's lock while this one tries to run.
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            holder.arguments = [folder + "/.flakecheck.lock", "sleep", "30"]
            try holder.run()
            defer { holder.terminate() }
            var held = false
            for _ in 0..<100 where !held {
                usleep(20_000)
                held = (try? OutputFolderLock(folder: folder)) == nil
            }
            #expect(held, "the other process took the lock")
            let err = CapturedOutput()
            let context = CommandContext(
                stdout: CapturedOutput(), stderr: err, environment: ProcessInfo.processInfo.environment,
                currentDirectory: folder)
            let code = FlakeCheckCommand.main(
                [
                    "run", "--package-path", KnownOutcomesEndToEndTests.package, "--output", folder,
                    "--runs", "1", "--no-build",
                ], context: context)
            #expect(code == ExitCode.nothingMeasured)
            #expect(err.text.contains("another flakecheck run is writing to"), "\(err.text)")
        #endif
    }
}
