import FlakeCheckCLI
import FlakeCheckSupport
import Foundation

// The executable is deliberately thin: everything, including argument parsing, lives in FlakeCheckCLI
// so that it can be tested in-process.
signal(SIGPIPE, SIG_IGN)
var context = CommandContext(
    stdout: FileDescriptorOutput(.standardOutput),
    stderr: FileDescriptorOutput(.standardError),
    environment: ProcessInfo.processInfo.environment,
    currentDirectory: FileManager.default.currentDirectoryPath,
    stderrIsTerminal: isatty(STDERR_FILENO) == 1,
    stdoutIsTerminal: isatty(STDOUT_FILENO) == 1
)
context.handlesInterrupts = true
var size = winsize()
if context.stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
    context.terminalColumns = Int(size.ws_col)
} else if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
    context.terminalColumns = columns
}
exit(FlakeCheckCommand.main(Array(CommandLine.arguments.dropFirst()), context: context))
