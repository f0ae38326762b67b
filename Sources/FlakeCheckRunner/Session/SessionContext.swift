import FlakeCheckSupport
import Foundation

/// What a session may touch of the outside world, as the Runner needs it: where it speaks, the
/// environment, the process launcher, the clock and cancellation. The command's `CommandContext` hands
/// it down; tests pass fakes.
package struct SessionContext: Sendable {
    /// Status lines, the live progress line and warnings.
    package var stderr: any TextOutput
    /// Whether standard error is a terminal: the progress line redraws itself only there.
    package var stderrIsTerminal: Bool
    package var environment: [String: String]
    package var currentDirectory: String
    package var launcher: any ProcessLaunching
    package var cancellation: CancellationFlag
    /// The CPUs flakecheck may use: the default worker count, and what `--perturb` pins to.
    package var processorCount: Int
    /// Whether a session takes over SIGINT (Ctrl-C) for the process (only the executable's does).
    package var handlesInterrupts: Bool
    package var now: @Sendable () -> Date

    package init(
        stderr: any TextOutput, stderrIsTerminal: Bool, environment: [String: String], currentDirectory: String,
        launcher: any ProcessLaunching, cancellation: CancellationFlag, processorCount: Int,
        handlesInterrupts: Bool, now: @escaping @Sendable () -> Date
    ) {
        self.stderr = stderr
        self.stderrIsTerminal = stderrIsTerminal
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.launcher = launcher
        self.cancellation = cancellation
        self.processorCount = processorCount
        self.handlesInterrupts = handlesInterrupts
        self.now = now
    }

    package func absolutePath(_ path: String) -> String {
        let expanded = NSString(string: path).expandingTildeInPath
        let joined = expanded.hasPrefix("/") ? expanded : currentDirectory + "/" + expanded
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
