import FlakeCheckCore
import Foundation

// The executable is deliberately thin: everything, including argument parsing, lives in FlakeCheckCore
// so that it can be tested in-process.
signal(SIGPIPE, SIG_IGN)
let context = CommandContext(
    stdout: FileDescriptorOutput(.standardOutput),
    stderr: FileDescriptorOutput(.standardError),
    environment: ProcessInfo.processInfo.environment,
    currentDirectory: FileManager.default.currentDirectoryPath,
    stderrIsTerminal: isatty(STDERR_FILENO) == 1,
    stdoutIsTerminal: isatty(STDOUT_FILENO) == 1
)
exit(FlakeCheckCommand.main(Array(CommandLine.arguments.dropFirst()), context: context))
