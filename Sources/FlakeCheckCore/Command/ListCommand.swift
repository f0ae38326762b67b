/// `flakecheck list`: the package's tests with the canonical IDs that `--filter` and `--skip` match.
enum ListCommand {
    static let usageLine = "flakecheck list [--package-path DIR] [--filter REGEX] [--skip REGEX] [--no-build]"

    static let specs: [OptionSpec] = RunPlan.optionSpecs.filter {
        ["--package-path", "--filter", "--skip", "--configuration", "--no-build", "--quiet", "--help"].contains($0.name)
    }

    static let help = FlakeCheckCommand.help(
        usage: usageLine, overview: "Build the tests and list them, one canonical ID per line with its framework.",
        specs: specs)

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
