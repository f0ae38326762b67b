import FlakeCheckSupport

/// What every command declares, in the shape of swift-argument-parser's `ParsableCommand`: its usage line
/// and help, its options (its groups' specs), how it reads them, the rules between them, and what it
/// does. `FlakeCheckCommand.main` parses, validates and runs it, and attaches the usage line to a usage
/// error once, wherever it was thrown.
package protocol Subcommand {
    /// The word that names it on the command line (`run`).
    static var name: String { get }
    /// Its description in `flakecheck --help`'s command list, one entry per printed line.
    static var summary: [String] { get }
    static var usageLine: String { get }
    /// The options it accepts, as `--help` lists them.
    static var specs: [OptionSpec] { get }
    static var help: String { get }
    /// Reads its option groups (and positional arguments) from the command line: values only.
    init(_ parsed: ParsedArguments, context: CommandContext) throws
    /// The rules between its options, checked before anything is built, run or read.
    func validate() throws
    func run(_ context: CommandContext) throws -> Int32
}

extension Subcommand {
    package func validate() throws {}

    /// Refuses positional arguments, for the commands that take none.
    static func requireNoPositionals(_ parsed: ParsedArguments, _ message: (String) -> String) throws {
        if let first = parsed.positionals.first { throw FlakeCheckError.usage(message(first)) }
    }
}
