import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport
import Foundation

/// What a command may touch of the outside world: its outputs, environment, working directory, process
/// launcher, clock and cancellation. The executable passes the real ones; tests pass fakes.
package struct CommandContext: Sendable {
    package var stdout: any TextOutput
    package var stderr: any TextOutput
    package var environment: [String: String]
    package var currentDirectory: String
    package var launcher: any ProcessLaunching
    package var cancellation: CancellationFlag
    /// Whether standard error is a terminal: live progress and colour are only for people.
    package var stderrIsTerminal: Bool
    package var stdoutIsTerminal: Bool
    /// How wide standard output is, when it is a terminal (or `COLUMNS` says): the table fits in it.
    package var terminalColumns: Int?
    /// The CPUs flakecheck may use: the default worker count, and what `--perturb` pins to.
    package var processorCount = ProcessInfo.processInfo.activeProcessorCount
    /// Whether a session takes over SIGINT (Ctrl-C) for the process. Only the executable does: a test
    /// that runs a session in-process keeps its own signal handling, and cancels through `cancellation`.
    package var handlesInterrupts = false
    package var now: @Sendable () -> Date

    package init(
        stdout: any TextOutput, stderr: any TextOutput, environment: [String: String],
        currentDirectory: String, launcher: any ProcessLaunching = POSIXProcessLauncher(),
        cancellation: CancellationFlag = CancellationFlag(), stderrIsTerminal: Bool = false,
        stdoutIsTerminal: Bool = false, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.launcher = launcher
        self.cancellation = cancellation
        self.stderrIsTerminal = stderrIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.now = now
    }

    /// Colour only on a terminal whose TERM is not `dumb`, and never when NO_COLOR is set.
    package func useColor(noColorFlag: Bool) -> Bool {
        guard !noColorFlag, stdoutIsTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"].map { $0 != "dumb" } ?? false
    }

    /// The terminal report as this context shows it: coloured on a terminal, as wide as the terminal.
    package func terminalReport(noColorFlag: Bool, reportPath: String = "Reports/report.json") -> TerminalReport {
        TerminalReport(useColor: useColor(noColorFlag: noColorFlag), width: terminalColumns, reportPath: reportPath)
    }

    /// What the Runner needs of it.
    package var session: SessionContext {
        SessionContext(
            stderr: stderr, stderrIsTerminal: stderrIsTerminal, environment: environment,
            currentDirectory: currentDirectory, launcher: launcher, cancellation: cancellation,
            processorCount: processorCount, handlesInterrupts: handlesInterrupts, now: now)
    }

    package func absolutePath(_ path: String) -> String {
        session.absolutePath(path)
    }
}
