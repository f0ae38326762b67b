import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// `--xcode`: `xcodebuild build-for-testing` once, and the `.xctestrun` file it leaves, which each run's
/// `test-without-building` reads. The SwiftPM build's counterpart is `PackageBuilder`.
package struct XcodeBuilder: Sendable {
    package var commandLine: XcodebuildCommandLine
    package var workingDirectory: String
    package var environment: [String: String]
    package var launcher: any ProcessLaunching

    package init(
        commandLine: XcodebuildCommandLine, workingDirectory: String, environment: [String: String],
        launcher: any ProcessLaunching
    ) {
        self.commandLine = commandLine
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.launcher = launcher
    }

    /// Builds for testing; a failed build throws with the tail of its output (its first errors).
    package func build(cancellation: CancellationFlag) throws {
        var output = BuildOutputTail()
        var splitter = LineSplitter()
        let request = ProcessRequest(
            executable: "xcodebuild", arguments: commandLine.buildForTesting,
            environment: environment, workingDirectory: workingDirectory)
        let exit = try launcher.run(request, cancellation: cancellation) { bytes in
            splitter.feed(bytes) { output.append($0.string) }
        }
        splitter.finish { output.append($0.string) }
        guard exit.succeeded else {
            throw FlakeCheckError.buildFailed(
                command: "xcodebuild " + commandLine.buildForTesting.joined(separator: " "),
                diagnostics: output.diagnostics)
        }
    }

    /// The `.xctestrun` file the build wrote, or an error that says which build to run.
    package func xctestrun() throws -> String {
        guard let file = commandLine.xctestrunFiles().first else {
            throw FlakeCheckError.discoveryFailed(
                "no .xctestrun file in \(commandLine.derivedDataPath)/Build/Products: "
                    + "did `xcodebuild build-for-testing` run for scheme \(commandLine.scheme)? (drop --no-build)")
        }
        return file
    }
}
