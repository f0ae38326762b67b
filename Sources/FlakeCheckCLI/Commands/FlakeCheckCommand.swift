import FlakeCheckModel
import FlakeCheckSupport

/// The entry point: picks the subcommand, runs it, and turns every error into a message on standard
/// error and a documented exit code. The executable target only calls `main` and exits.
package enum FlakeCheckCommand {
    /// Every subcommand, in the order `--help` lists them: the one place a new command is added, which
    /// makes both the usage text and the lookup by name.
    package static let commands: [any Subcommand.Type] = [
        RunCommand.self, CompareCommand.self, DemoCommand.self, ParseCommand.self, ListCommand.self,
        ReportCommand.self, MergeCommand.self, BaselineCommand.self, ArchiveCommand.self, HistoryCommand.self,
    ]

    package static let usage = """
        OVERVIEW: Run Swift tests many times in fresh processes and tell flaky tests
                  from stable ones.

        USAGE: flakecheck <command> [options]

        COMMANDS:
        \(commandList)

        OPTIONS:
          --help     Show help (also: flakecheck <command> --help)
          --version  Show the version

        EXIT CODES:
          0    every test met --min-pass-rate
          1    a test fell below it (or never ran)
          2    nothing could be measured (no package, build failed, no test matched,
               unreadable input)
          3    measured, but the report files could not be written
          64   usage error
          130  interrupted by Ctrl-C, SIGTERM or SIGHUP (the report of finished
               runs is still written)
        """

    package static func main(_ arguments: [String], context: CommandContext) -> Int32 {
        guard let name = arguments.first else {
            context.stderr.write(usage + "\n")
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch name {
            case "--help", "-h", "help":
                if let topic = rest.first, let command = command(named: topic) {
                    context.stdout.write(command.help + "\n")
                } else {
                    context.stdout.write(usage + "\n")
                }
                return ExitCode.success
            case "--version":
                context.stdout.write("flakecheck \(FlakeCheckVersion.current)\n")
                return ExitCode.success
            default:
                guard let command = command(named: name) else {
                    throw FlakeCheckError.usage("unknown command '\(name)'.\n\n\(usage)")
                }
                if rest.contains("--help") || rest.contains("-h") {
                    context.stdout.write(command.help + "\n")
                    return ExitCode.success
                }
                return try run(command, rest, context)
            }
        } catch let error as FlakeCheckError {
            context.stderr.write((error.isNotice ? "" : "error: ") + "\(error.description)\n")
            return error.exitCode
        } catch {
            context.stderr.write("error: \(error)\n")
            return ExitCode.nothingMeasured
        }
    }

    /// Parses, reads, validates and runs one command. A usage error gets the command's usage line here,
    /// once, wherever it was thrown.
    private static func run(_ command: any Subcommand.Type, _ arguments: [String], _ context: CommandContext) throws
        -> Int32
    {
        do {
            let parsed = try ParsedArguments.parse(arguments, specs: command.specs)
            let instance = try command.init(parsed, context: context)
            try instance.validate()
            return try instance.run(context)
        } catch FlakeCheckError.usage(let message) {
            throw FlakeCheckError.usage(message + "\nusage: " + command.usageLine)
        }
    }

    package static func command(named name: String) -> (any Subcommand.Type)? {
        commands.first { $0.name == name }
    }

    /// `--help`'s command list: each name in a column of its own, its summary's lines beside it.
    static var commandList: String {
        commands.map { command in
            command.summary.enumerated().map { index, line in
                let column = index == 0 ? "  " + command.name : ""
                return column + String(repeating: " ", count: max(1, 13 - column.count)) + line
            }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Renders `--help` for a command from its option specs, so help and parser never disagree.
    /// Every command's `--help`: what it does, its options, examples to copy, and what its exit codes mean.
    package static func help(
        usage: String, overview: String, specs: [OptionSpec], examples: [String],
        exitCodes: [(Int32, String)]
    ) -> String {
        "OVERVIEW: " + wrapped(overview, indent: 10) + "\n\nUSAGE: \(wrappedUsage(usage))\n\nOPTIONS:\n"
            + specs.filter { !$0.hidden }.map(\.helpLine).joined(separator: "\n")
            + "\n\nEXAMPLES:\n" + examples.map(example).joined(separator: "\n")
            + "\n\nEXIT CODES:\n"
            + exitCodes.map {
                "  \($0.0)".padding(toLength: 7, withPad: " ", startingAt: 0) + wrapped($0.1, indent: 7)
            }.joined(separator: "\n")
    }

    package static func wrapped(_ text: String, indent: Int) -> String {
        WordWrap.wrap(text, width: OptionSpec.helpWidth, firstIndent: indent, indent: indent)
    }

    /// A usage line wrapped to the help's width, never inside a `[--option VALUE]` group.
    static func wrappedUsage(_ usage: String) -> String {
        var groups: [String] = []
        for word in usage.split(separator: " ") {
            if let last = groups.last, last.hasPrefix("[") || last.hasPrefix("("),
                !last.hasSuffix("]") && !last.hasSuffix(")")
            {
                groups[groups.count - 1] += " " + word
            } else {
                groups.append(String(word))
            }
        }
        var lines = [""]
        for group in groups {
            let current = lines[lines.count - 1]
            // The first line follows `USAGE: `; the others hold their own indent.
            let heading = lines.count == 1 ? "USAGE: ".count : 0
            if !current.isEmpty, heading + current.count + 1 + group.count > OptionSpec.helpWidth {
                lines.append("         " + group)
            } else {
                lines[lines.count - 1] = current.isEmpty ? group : current + " " + group
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An example to copy: its comment (`   # …`) on a line of its own above it, and a command longer than
    /// the help's width continued with ` \` at a word boundary, as a shell reads it.
    package static func example(_ text: String) -> String {
        let parts = text.components(separatedBy: "   # ")
        let comment = parts.count > 1 ? "  # " + parts.dropFirst().joined(separator: "   # ") + "\n" : ""
        var lines = [""]
        for word in parts[0].split(separator: " ") {
            let current = lines[lines.count - 1]
            if !current.trimmingCharacters(in: .whitespaces).isEmpty,
                2 + current.count + 1 + word.count + 2 > OptionSpec.helpWidth
            {
                lines[lines.count - 1] += " \\"
                lines.append("    " + word)
            } else {
                lines[lines.count - 1] = current.isEmpty ? String(word) : current + " " + word
            }
        }
        return comment + lines.map { "  " + $0 }.joined(separator: "\n")
    }

    /// The exit codes of the commands that gate on a report.
    static let gateExitCodes: [(Int32, String)] = [
        (ExitCode.success, "every test at or above --min-pass-rate"),
        (
            ExitCode.gateFailed,
            "a test below it, a selected test that never ran, or an incident flakecheck could not resolve"
        ),
        (ExitCode.nothingMeasured, "nothing measured: no package, build failed, no test matched, unreadable input"),
        (ExitCode.reportNotWritten, "measured, but the report files could not be written (the table is printed)"),
        (ExitCode.usage, "usage error"),
        (
            ExitCode.interrupted,
            "interrupted (Ctrl-C, SIGTERM, SIGHUP); the finished runs' report is written, a second Ctrl-C too"
        ),
    ]
}
