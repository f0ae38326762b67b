/// `flakecheck list`: the package's tests with the canonical IDs that `--filter` and `--skip` match.
enum ListCommand {
    static let usageLine = "flakecheck list [--package-path DIR] [--filter REGEX] [--skip REGEX] [--no-build]"

    /// The selection and build options of `run`, worded for listing.
    static let specs: [OptionSpec] = [
        Options.packagePath.worded("The Swift package whose tests to list").spec,
        Options.filter.worded("List only tests whose ID matches").spec,
        Options.skip.worded("Leave out of the list tests whose ID matches").spec,
        Options.configuration.spec, Options.noBuild.spec, Options.binPath.spec, Options.quiet.spec, Options.help.spec,
    ]

    static let help = FlakeCheckCommand.help(
        usage: usageLine, overview: "Build the tests and list them, one canonical ID per line with its framework.",
        specs: specs,
        examples: [
            "flakecheck list",
            "flakecheck list --package-path ../MyPackage --filter Loading",
        ],
        exitCodes: [(ExitCode.success, "listed"), (ExitCode.nothingMeasured, "no package, build failed, or no test matched"),
                    (ExitCode.usage, "usage error")])

    static func execute(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        let usage = "usage: \(usageLine)"
        let parsed = try ParsedArguments.parse(arguments, specs: specs, usage: usage)
        let plan = try RunPlan(arguments: parsed, context: context, usage: usage)
        let tests = try RunSession(plan: plan, context: context).discover()
        for test in tests {
            context.stdout.write("\(test.framework.rawValue)\t\(test.id)\n")
        }
        return ExitCode.success
    }
}
