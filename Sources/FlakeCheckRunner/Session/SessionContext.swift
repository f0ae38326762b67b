import FlakeCheckSupport
import Foundation

/// What a session may touch of the outside world, as the Runner needs it: where it speaks, the
/// environment, the process launcher, the clock and cancellation. The command's `CommandContext` hands
/// it down; tests pass fakes.
public struct SessionContext: Sendable {
    /// Status lines, the live progress line and warnings.
    public var stderr: any TextOutput
    /// Whether standard error is a terminal: the progress line redraws itself only there.
    public var stderrIsTerminal: Bool
    public var environment: [String: String]
    public var currentDirectory: String
    public var launcher: any ProcessLaunching
    public var cancellation: CancellationFlag
    /// The CPUs flakecheck may use: the default worker count, and what `--perturb` pins to.
    public var processorCount: Int
    /// Whether a session takes over SIGINT (Ctrl-C) for the process (only the executable's does).
    public var handlesInterrupts: Bool
    public var now: @Sendable () -> Date

    public init(
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

    public func absolutePath(_ path: String) -> String {
        let expanded = NSString(string: path).expandingTildeInPath
        let joined = expanded.hasPrefix("/") ? expanded : currentDirectory + "/" + expanded
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
