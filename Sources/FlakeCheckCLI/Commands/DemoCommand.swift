import FlakeCheckRunner
import FlakeCheckSupport
import Foundation

/// `flakecheck demo`: builds the bundled ConcurrencyStrategies example and compares all of its
/// strategies, so a fresh clone shows the difference between yield-gated and continuation-gated tests.
package struct DemoCommand: Subcommand {
    package static let name = "demo"
    /// Its line in `flakecheck --help`, as wrapped there.
    package static let summary = ["Compare the strategies of the bundled ConcurrencyStrategies example"]
    package static let usageLine = "flakecheck demo [--runs N] [--workers N] [--output DIR] [run options]"
    static let examplePath = "Examples/ConcurrencyStrategies"

    /// `run`'s options, minus selection (the example's strategies select) and Xcode.
    package static let specs = SessionOptions.comparingSpecs(
        packagePath: SelectionOptions.packagePathOption.worded("The example package", shownDefault: examplePath).spec)

    package static let help = FlakeCheckCommand.help(
        usage: usageLine,
        overview: "Compare every strategy of the bundled ConcurrencyStrategies example (the naive Task.yield, "
            + "sleep and Task {} tests against their continuation- and clock-gated rewrites), 100 runs each.",
        specs: specs,
        examples: [
            "flakecheck demo",
            "flakecheck demo --runs 20 --format html --output Reports",
        ],
        exitCodes: [
            (
                ExitCode.gateFailed,
                "the usual result: the naive strategies are flaky or failing by design, so the gate fails "
                    + "(do not chain `demo && …`)"
            )
        ] + FlakeCheckCommand.gateExitCodes.filter { $0.0 != ExitCode.gateFailed })

    package var options: SessionOptions

    package init(_ parsed: ParsedArguments, context: CommandContext) throws {
        try Self.requireNoPositionals(parsed) {
            "demo takes no positional arguments (got '\($0)'); it runs the example's strategies."
        }
        options = try SessionOptions(parsed)
    }

    package func validate() throws {
        try options.replay.refuse()
        try options.validate()
    }

    package func run(_ context: CommandContext) throws -> Int32 {
        var plan = try SessionPlanner(options).plan(
            context, defaultPackagePath: options.selection.packagePath == nil ? try Self.locateExample(context) : ".")
        // The demo is where the hints are explained: show what each racy test did (not under ThreadSanitizer,
        // which intercepts what the recorder does).
        plan.schedule.evidence = plan.run.sanitizer == nil
        let strategies = try StrategyCatalog.load(from: plan.packagePath + "/strategies.json")
        return try CompareCommand.compare(
            strategies.map { ($0.name, $0.filter) }, plan: plan, presentation: options.presentation, context: context,
            command: "demo")
    }

    /// The example ships with the repository: look in the current folder first, then next to the
    /// executable (`.build/debug/flakecheck` lives three levels below the repository root).
    static func locateExample(_ context: CommandContext) throws -> String {
        var candidates = [context.absolutePath(examplePath)]
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(folder.appendingPathComponent(examplePath).path)
            folder.deleteLastPathComponent()
        }
        guard
            let found = candidates.first(where: {
                FileManager.default.fileExists(atPath: $0 + "/strategies.json")
            })
        else {
            throw FlakeCheckError.exampleNotFound(examplePath)
        }
        return found
    }
}

/// The example's `strategies.json`: which filter selects each strategy. Its other fields (expectation,
/// hint, summary) are for people, the benchmark scripts and `DemoEndToEndTests`.
struct StrategyCatalog: Decodable {
    struct Entry: Decodable {
        var name: String
        var filter: String
    }

    static func load(from path: String) throws -> [Entry] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FlakeCheckError.unreadableFile(path, reason: "no such file")
        }
        do {
            return try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            throw FlakeCheckError.unreadableFile(path, reason: "not a list of strategies: \(error)")
        }
    }
}
