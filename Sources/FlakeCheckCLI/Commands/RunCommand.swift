import FlakeCheckRunner
import Foundation

/// `flakecheck run`: the backbone. Builds once, runs the selection N times, writes report.json, prints
/// the table, and exits with the gate's verdict.
package struct RunCommand: Subcommand {
    package static let name = "run"
    /// Its line in `flakecheck --help`, as wrapped there.
    package static let summary = ["Build once, run the selected tests N times, report pass rates", "and verdicts"]
    package static let usageLine =
        "flakecheck run [--package-path DIR] [--filter REGEX] [--skip REGEX] [--runs N] [options]"
    package static let specs = SessionOptions.specs

    package static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview: "Build the package's tests once, run the selected tests N times, each run a fresh process, "
            + "and report per test: pass rate with a confidence interval, timing, failures and a verdict.",
        specs: specs,
        examples: [
            "flakecheck run --filter LoadingStateTests --runs 100",
            "flakecheck run --package-path ../MyPackage --skip Slow --min-pass-rate 0.99 --output build/flakes",
            "flakecheck run --filter 'LoadingStateXCTests/testSingleYield$' --until-proven --target-failure-rate 0.001",
            "flakecheck run --filter LoadingStateTests --runs 200 --hunt   # races fail sooner; conditions per run in "
                + "the report",
            "flakecheck run --replay Reports/report.json --run 17 --runs 20   # run 17's failing tests, under its "
                + "conditions",
            "flakecheck run --xcode --scheme App --only-testing AppTests/CartTests/testRace --runs 50",
        ],
        exitCodes: FlakeCheckCommand.gateExitCodes)

    package var options: SessionOptions

    package init(_ parsed: ParsedArguments, context: CommandContext) throws {
        try Self.requireNoPositionals(parsed) {
            "run takes no positional arguments (got '\($0)'); select tests with --filter."
        }
        options = try SessionOptions(parsed)
    }

    package func validate() throws { try options.validate() }

    package func run(_ context: CommandContext) throws -> Int32 {
        let plan = try SessionPlanner(options).plan(context)
        let outcome = try RunSession(plan: plan, presentation: options.presentation, context: context)
            .run(
                groups: [RunGroup(strategy: nil, filters: plan.selection.filters, skips: plan.selection.skips)],
                command: "run")
        return ReportPresenter(plan: plan, presentation: options.presentation).present(
            outcome.report, writtenFiles: outcome.writtenFiles, notWritten: outcome.notWritten, context: context)
    }
}
