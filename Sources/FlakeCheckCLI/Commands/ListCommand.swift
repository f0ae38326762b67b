import FlakeCheckRunner
import FlakeCheckSupport

/// `flakecheck list`: the package's tests with the canonical IDs that `--filter` and `--skip` match.
struct ListCommand: Subcommand {
    static let name = "list"
    /// Its line in `flakecheck --help`, as wrapped there.
    static let summary = ["List the package's tests with the IDs that --filter matches"]
    static let usageLine = "flakecheck list [--package-path DIR] [--filter REGEX] [--skip REGEX] [--no-build]"

    /// The selection and build options of `run`, worded for listing.
    static let specs: [OptionSpec] = [
        SelectionOptions.packagePathOption.worded("The Swift package whose tests to list").spec,
        SelectionOptions.filterOption.worded("List only tests whose ID matches").spec,
        SelectionOptions.skipOption.worded("Leave out of the list tests whose ID matches").spec,
        BuildOptions.configurationOption.spec, BuildOptions.noBuildOption.spec, BuildOptions.binPathOption.spec,
        DisplayOptions.quiet.spec, DisplayOptions.help.spec,
    ]

    static let help = FlakeCheckCommand.help(
        usage: usageLine, overview: "Build the tests and list them, one canonical ID per line with its framework.",
        specs: specs,
        examples: [
            "flakecheck list",
            "flakecheck list --package-path ../MyPackage --filter Loading",
        ],
        exitCodes: [
            (ExitCode.success, "listed"), (ExitCode.nothingMeasured, "no package, build failed, or no test matched"),
            (ExitCode.usage, "usage error"),
        ])

    var package: PackageOptions

    init(_ parsed: ParsedArguments, context: CommandContext) throws {
        try Self.requireNoPositionals(parsed) {
            "list takes no positional arguments (got '\($0)'); select tests with --filter."
        }
        package = try PackageOptions(parsed)
    }

    func validate() throws { try package.selection.validate() }

    func run(_ context: CommandContext) throws -> Int32 {
        for test in try SessionRunner(plan: package.plan(context), context: context).discover() {
            context.stdout.write("\(test.framework.rawValue)\t\(test.id)\n")
        }
        return ExitCode.success
    }
}
