import FlakeCheckRunner

/// The package `list` and `archive` build (or find built) without running its tests: the selection, build
/// and display groups, and the plan their session follows.
struct PackageOptions {
    var selection: SelectionOptions
    var build: BuildOptions
    var display: DisplayOptions

    init(_ parsed: ParsedArguments) throws {
        selection = try SelectionOptions(parsed)
        build = try BuildOptions(parsed)
        display = try DisplayOptions(parsed)
    }

    /// The session's plan: the package's tests, built or listed, never run.
    func plan(_ context: CommandContext) -> RunPlan {
        var plan = RunPlan(
            packagePath: context.absolutePath(selection.packagePath ?? "."), outputPath: context.absolutePath("."))
        plan.selection = selection
        plan.build = build
        plan.build.binPath = build.binPath.map(context.absolutePath)
        plan.quiet = display.quiet
        return plan
    }
}
