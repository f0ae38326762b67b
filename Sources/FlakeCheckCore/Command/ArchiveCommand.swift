import Foundation

/// `flakecheck archive`: build once, write the test binary, its tests and its toolchain to one file, and
/// let every CI shard run it with `run --archive FILE --shard I/N` instead of building again.
enum ArchiveCommand {
    static let usageLine = "flakecheck archive [--package-path DIR] [--configuration debug|release] [--no-build] [--output FILE]"

    static let specs: [OptionSpec] = [
        Options.packagePath.worded("The Swift package whose tests to archive").spec,
        Options.configuration.spec, Options.noBuild.spec, Options.binPath.spec, Options.archiveFile.spec,
        Options.quiet.spec, Options.help.spec,
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
        exitCodes: [(ExitCode.success, "written"), (ExitCode.nothingMeasured, "no package, build failed, or the file cannot be written"),
                    (ExitCode.usage, "usage error")])

    static func execute(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        let usage = "usage: \(usageLine)"
        let parsed = try ParsedArguments.parse(arguments, specs: specs, usage: usage)
        let plan = try RunPlan(arguments: parsed, context: context, usage: usage)
        let file = context.absolutePath(try parsed.value(Options.archiveFile, usage: usage)!)
        let count = try RunSession(plan: plan, context: context).writeArchive(to: file)
        context.stdout.write("Wrote \(file) (\(Formatting.count(count, "test")))\n")
        return ExitCode.success
    }
}
