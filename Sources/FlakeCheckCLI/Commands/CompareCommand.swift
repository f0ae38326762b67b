import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `flakecheck compare --strategy NAME=FILTER ...`: runs every strategy under the same conditions, their
/// runs interleaved (run 1 of each, then run 2 of each, ...) so machine noise hits all of them alike,
/// and reports them side by side.
struct CompareCommand: Subcommand {
    static let name = "compare"
    /// Its line in `flakecheck --help`, as wrapped there.
    static let summary = ["Run several strategies (named filters) side by side, interleaved"]
    static let usageLine = "flakecheck compare --strategy NAME=FILTER --strategy NAME=FILTER [run options]"

    static let strategy = Option<String>.text(
        "--strategy", value: "NAME=FILTER",
        help: "A named strategy: the tests its regex selects", repeatable: true)

    static let specs =
        [strategy.spec] + SessionOptions.comparingSpecs(packagePath: SelectionOptions.packagePathOption.spec)

    static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview: "Measure strategies side by side: e.g. a naive Task.yield test against its continuation-gated "
            + "rewrite. A strategy's run passes when all of its tests pass in it.",
        specs: specs,
        examples: [
            "flakecheck compare --strategy naive='testSingleYield$' --strategy gated='testContinuationGate$'",
            "flakecheck compare --strategy yield='singleYield\\(\\)' --strategy clock='clockGate\\(\\)' --runs 200 "
                + "--format html",
        ],
        exitCodes: FlakeCheckCommand.gateExitCodes)

    var strategies: [String]
    var options: SessionOptions

    init(_ parsed: ParsedArguments, context: CommandContext) throws {
        try Self.requireNoPositionals(parsed) { _ in
            "compare takes no positional arguments; name strategies with --strategy."
        }
        strategies = parsed.values(Self.strategy)
        options = try SessionOptions(parsed)
    }

    func validate() throws {
        let parsed = try strategies.map(Self.parseStrategy)
        guard !parsed.isEmpty else {
            throw FlakeCheckError.usage("compare needs at least one --strategy NAME=FILTER.")
        }
        try options.replay.refuse()
        try options.validate()
    }

    func run(_ context: CommandContext) throws -> Int32 {
        try Self.compare(
            try strategies.map(Self.parseStrategy), plan: try SessionPlanner(options).plan(context), presentation: options.presentation,
            context: context,
            command: "compare")
    }

    static func parseStrategy(_ text: String) throws -> (name: String, filter: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex,
            text.index(after: equals) != text.endIndex
        else {
            throw FlakeCheckError.usage("--strategy takes NAME=FILTER, e.g. naive='testYield$', not '\(text)'.")
        }
        let filter = String(text[text.index(after: equals)...])
        _ = try TestSelection.compile(filter)
        return (String(text[..<equals]), filter)
    }

    static func compare(
        _ strategies: [(name: String, filter: String)], plan: RunPlan, presentation: ReportPresentation,
        context: CommandContext, command: String
    ) throws -> Int32 {
        let names = strategies.map(\.name)
        guard Set(names).count == names.count else {
            throw FlakeCheckError.usage("strategy names must be unique; got \(names.joined(separator: ", ")).")
        }
        let groups = strategies.map { RunGroup(strategy: $0.name, filters: [$0.filter], skips: plan.selection.skips) }
        let outcome = try RunSession(plan: plan, presentation: presentation, context: context).run(
            groups: groups, command: command)
        var presenter = ReportPresenter(plan: plan, presentation: presentation)
        presenter.testTable = presentation.showTests
        return presenter.present(
            outcome.report, writtenFiles: outcome.writtenFiles, notWritten: outcome.notWritten, context: context
        ) { report in
            ComparisonReport(width: context.terminalColumns).render(report)
        }
    }
}
