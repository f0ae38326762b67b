import FlakeCheckRunner
import FlakeCheckSupport
import Foundation

/// `flakecheck archive`: build once, write the test binary, its tests and its toolchain to one file, and
/// let every CI shard run it with `run --archive FILE --shard I/N` instead of building again.
struct ArchiveCommand: Subcommand {
    static let name = "archive"
    /// Its line in `flakecheck --help`, as wrapped there.
    static let summary = ["Build once and write the test binary and its tests to one file", "(for run --archive)"]
    static let usageLine =
        "flakecheck archive [--package-path DIR] [--configuration debug|release] [--no-build] [--output FILE]"

    static let archiveFile = Option<String>.text(
        "--output", value: "FILE", help: "Where to write the archive",
        default: "flakecheck-archive.tar.gz")

    static let specs: [OptionSpec] = [
        SelectionOptions.packagePathOption.worded("The Swift package whose tests to archive").spec,
        BuildOptions.configurationOption.spec, BuildOptions.noBuildOption.spec, BuildOptions.binPathOption.spec,
        archiveFile.spec,
        DisplayOptions.quiet.spec, DisplayOptions.help.spec,
    ]

    static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview: "Build the tests once and write the test binary (with its resource bundles and the package's dynamic "
            + "libraries), the list of its tests and the toolchain that built it to one .tar.gz. `flakecheck run "
            + "--archive FILE` runs them on another machine with the same toolchain, without building.",
        specs: specs,
        examples: [
            "flakecheck archive --output tests.tar.gz",
            "flakecheck run --archive tests.tar.gz --shard auto --runs 1000",
        ],
        exitCodes: [
            (ExitCode.success, "written"),
            (ExitCode.nothingMeasured, "no package, build failed, or the file cannot be written"),
            (ExitCode.usage, "usage error"),
        ])

    var package: PackageOptions
    var file: String

    init(_ parsed: ParsedArguments, context: CommandContext) throws {
        try Self.requireNoPositionals(parsed) {
            "archive takes no positional arguments (got '\($0)'); name the file with --output."
        }
        package = try PackageOptions(parsed)
        file = try parsed.value(Self.archiveFile)!
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let file = context.absolutePath(file)
        let count = try SessionRunner(plan: package.plan(context), context: context).writeArchive(to: file)
        context.stdout.write("Wrote \(file) (\(Formatting.count(count, "test")))\n")
        return ExitCode.success
    }
}
