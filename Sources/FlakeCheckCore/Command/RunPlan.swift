import Foundation

/// Everything `run`, `compare` and `demo` need to know, validated once from the command line.
public struct RunPlan: Sendable, Equatable {
    public var packagePath: String
    public var filters: [String]
    public var skips: [String]
    public var runs: Int
    public var workers: Int
    public var timeout: Double
    public var configuration: String
    public var build: Bool
    /// `--bin-path`: where the built test binary is, instead of asking `swift build --show-bin-path`.
    public var binPath: String?
    public var outputPath: String
    public var minPassRate: Double
    public var confidence: Double
    public var targetFailureRate: Double
    /// `--shard I/N`; nil runs every run here.
    public var shard: Shard?
    public var baseline: Baseline?
    /// `--until-proven`: stop running each test once its verdict is settled; `runs` is then the maximum.
    public var untilProven: Bool
    public var stress: StressSettings?
    /// `--perturb`: how each run's conditions are drawn.
    public var perturbation: PerturbationPlan?
    public var mode: ExecutionMode
    public var quiet: Bool
    public var noColor: Bool
    public var formats: [ReportFormat]
    /// Append the Markdown summary to `$GITHUB_STEP_SUMMARY` when GitHub Actions provides one.
    public var appendStepSummary: Bool
    /// `--xcode`: an Xcode scheme's tests, run through xcodebuild instead of SwiftPM.
    public var xcode: XcodeSelection?

    public struct XcodeSelection: Sendable, Equatable {
        public var scheme: String
        public var workspace: String?
        public var project: String?
        public var destination: String?
        /// `Target/Class/method` or `Target/Suite/function()`, as xcodebuild's `-only-testing:` takes them.
        public var onlyTesting: [String]
    }

    /// The options every command that runs tests accepts, with the defaults `--help` shows.
    public static let optionSpecs: [OptionSpec] = [
        OptionSpec("--package-path", value: "DIR", help: "The Swift package whose tests to run", default: "."),
        OptionSpec("--filter", value: "REGEX", help: "Run only tests whose ID matches", repeatable: true),
        OptionSpec("--xcode", help: "Run an Xcode scheme's tests with xcodebuild (macOS): build-for-testing once, "
                       + "then test-without-building per run; needs --scheme and --only-testing"),
        OptionSpec("--scheme", value: "NAME", help: "With --xcode: the scheme to build and test"),
        OptionSpec("--workspace", value: "FILE", help: "With --xcode: the .xcworkspace (or give --project)"),
        OptionSpec("--project", value: "FILE", help: "With --xcode: the .xcodeproj"),
        OptionSpec("--destination", value: "SPEC",
                   help: "With --xcode: e.g. 'platform=iOS Simulator,name=iPhone 16' (one worker per simulator)"),
        OptionSpec("--only-testing", value: "T/C/M",
                   help: "With --xcode: a test to run, Target/Class/method or Target/Suite/function()", repeatable: true),
        OptionSpec("--skip", value: "REGEX", help: "Leave out tests whose ID matches", repeatable: true),
        OptionSpec("--runs", value: "N", help: "How many times to run each test", default: "100"),
        OptionSpec("--workers", value: "N", help: "Runs in parallel", default: "number of CPUs"),
        OptionSpec("--timeout", value: "SECONDS", help: "Kill a run's process group after this long", default: "300"),
        OptionSpec("--configuration", value: "debug|release", help: "Build configuration", default: "debug"),
        OptionSpec("--no-build", help: "Use the test binary already built instead of building first"),
        OptionSpec("--bin-path", value: "DIR",
                   help: "With --no-build: the build's bin folder, instead of `swift build --show-bin-path` "
                       + "(the SwiftPM plugin passes it)"),
        OptionSpec("--mode", value: "process|swift-test|in-process",
                   help: "process: the test binary per run; swift-test: `swift test` per run; in-process: Swift Testing "
                       + "--repetitions in one process (shared state)", default: "process"),
        OptionSpec("--output", value: "DIR", help: "Where report.json and kept logs go", default: "Reports"),
        OptionSpec("--format", value: "LIST", help: "Comma-separated report formats: json, markdown, html, junit",
                   default: "json"),
        OptionSpec("--min-pass-rate", value: "R",
                   help: "Exit 1 when a test's pass rate is below R (0 to 1)", default: "1.0"),
        OptionSpec("--confidence", value: "C", help: "Confidence level of the intervals", default: "0.95"),
        OptionSpec("--target-failure-rate", value: "P",
                   help: "Failure rate the report says how many clean runs would prove", default: "0.01"),
        OptionSpec("--shard", value: "I/N",
                   help: "Run only shard I of N of the runs (combine the reports with flakecheck merge)"),
        OptionSpec("--stress", value: "LEVEL",
                   help: "Noise that surfaces races sooner: 1 half-busy CPU burners, 2 full burners, "
                       + "3 full burners and each test process pinned to one CPU", default: "0"),
        OptionSpec("--perturb",
                   help: "Vary each run's conditions (scheduler delays, CPUs, Swift Testing parallelism, hashing) "
                       + "so races fail sooner; each run's conditions are in the report"),
        OptionSpec("--perturb-seed", value: "S",
                   help: "With --perturb: the seed of the conditions, to repeat a run's conditions (default: random)"),
        OptionSpec("--replay", value: "REPORT",
                   help: "With --run K: run the tests that failed in run K of a saved report.json again, under "
                       + "that run's --perturb conditions"),
        OptionSpec("--run", value: "K", help: "With --replay: the run to replay (1-based, as in logs/run-0000K.log)"),
        OptionSpec("--until-proven",
                   help: "Stop running each test once it is flaky or proven below --target-failure-rate"),
        OptionSpec("--max-runs", value: "N", help: "With --until-proven: the most runs per test", default: "1000"),
        OptionSpec("--baseline", value: "FILE",
                   help: "Known-flaky tests that do not trip the gate until their entry expires"),
        OptionSpec("--no-step-summary", help: "Do not append the Markdown summary to $GITHUB_STEP_SUMMARY"),
        OptionSpec("--quiet", help: "Print only the summary table (no progress, no build output)"),
        OptionSpec("--no-color", help: "Never colour the output (NO_COLOR is honoured too)"),
        OptionSpec("--help", help: "Show this help"),
    ]

    public init(arguments parsed: ParsedArguments, context: CommandContext, usage: String,
                defaultPackagePath: String = ".") throws {
        func number<T: LosslessStringConvertible & Comparable>(
            _ name: String, _ fallback: T, _ range: ClosedRange<T>, _ what: String) throws -> T {
            guard let text = parsed.value(name) else { return fallback }
            guard let value = T(text), range.contains(value) else {
                throw FlakeCheckError.usage("\(name) takes \(what), not '\(text)'.\n\(usage)")
            }
            return value
        }
        packagePath = context.absolutePath(parsed.value("--package-path") ?? defaultPackagePath)
        filters = parsed.all("--filter")
        skips = parsed.all("--skip")
        runs = try number("--runs", 100, 1...1_000_000, "a whole number from 1 to 1000000")
        workers = try number("--workers", context.processorCount, 1...256,
                             "a whole number from 1 to 256")
        timeout = try number("--timeout", 300.0, 0.1...86_400, "a number of seconds from 0.1 to 86400")
        configuration = parsed.value("--configuration") ?? "debug"
        guard ["debug", "release"].contains(configuration) else {
            throw FlakeCheckError.usage("--configuration takes debug or release, not '\(configuration)'.\n\(usage)")
        }
        let modeText = parsed.value("--mode") ?? "process"
        guard let mode = ExecutionMode(rawValue: modeText) else {
            throw FlakeCheckError.usage("--mode takes process, swift-test or in-process, not '\(modeText)'.\n\(usage)")
        }
        self.mode = mode
        build = !parsed.has("--no-build")
        binPath = parsed.value("--bin-path").map(context.absolutePath)
        outputPath = context.absolutePath(parsed.value("--output") ?? "Reports")
        minPassRate = try number("--min-pass-rate", 1.0, 0...1, "a pass rate from 0 to 1")
        confidence = try number("--confidence", 0.95, 0.5...0.9999, "a confidence level from 0.5 to 0.9999")
        targetFailureRate = try number("--target-failure-rate", 0.01, 0.000001...0.5, "a failure rate from 0.000001 to 0.5")
        quiet = parsed.has("--quiet")
        noColor = parsed.has("--no-color")
        appendStepSummary = !parsed.has("--no-step-summary")
        shard = try parsed.value("--shard").map { try Shard(parsing: $0, usage: usage) }
        let stressLevel = try number("--stress", 0, 0...3, "a level from 0 to 3")
        stress = stressLevel == 0 ? nil
            : StressSettings(level: stressLevel, cpus: context.processorCount)
        if parsed.has("--perturb") || parsed.value("--perturb-seed") != nil {
            guard stress == nil else {
                throw FlakeCheckError.usage("--perturb replaces --stress; use one of them.\n\(usage)")
            }
            let seed = try parsed.value("--perturb-seed").map { text -> UInt64 in
                guard let seed = UInt64(text) else {
                    throw FlakeCheckError.usage("--perturb-seed needs a whole number from 0 to \(UInt64.max) (got '\(text)').\n\(usage)")
                }
                return seed
            } ?? UInt64.random(in: 0...UInt64(UInt32.max))
            // In swift-test mode the preload would reach SwiftPM itself, not only the tests: no delays there.
            perturbation = PerturbationPlan(
                seed: seed, availableCPUs: context.processorCount,
                hookLibrary: mode == .swiftTest ? nil : PerturbationPlan.locateHookLibrary(environment: context.environment))
        }
        untilProven = parsed.has("--until-proven")
        if untilProven {
            guard parsed.value("--runs") == nil else {
                throw FlakeCheckError.usage("--until-proven decides the number of runs; cap it with --max-runs, not --runs.\n\(usage)")
            }
            guard parsed.value("--shard") == nil else {
                throw FlakeCheckError.usage("--until-proven cannot be sharded: each shard would decide alone.\n\(usage)")
            }
            runs = try number("--max-runs", 1000, 1...1_000_000, "a whole number from 1 to 1000000")
        } else if parsed.value("--max-runs") != nil {
            throw FlakeCheckError.usage("--max-runs goes with --until-proven.\n\(usage)")
        }
        if mode == .inProcess, untilProven || parsed.value("--shard") != nil {
            throw FlakeCheckError.usage("--mode in-process runs fixed batches; it does not combine with --until-proven or --shard.\n\(usage)")
        }
        baseline = try parsed.value("--baseline").map { try Baseline.load(context.absolutePath($0)) }
        formats = try ReportFormat.parseList(parsed.value("--format") ?? "json", usage: usage)
        for pattern in filters + skips { _ = try TestSelection.compile(pattern) }
        try applyReplay(parsed, context: context, usage: usage)
        try applyXcode(parsed, usage: usage)
    }
}

extension RunPlan {
    /// `--xcode --scheme S [--workspace W | --project P] [--destination D] --only-testing T/C/m …`.
    mutating func applyXcode(_ parsed: ParsedArguments, usage: String) throws {
        let xcodeOnly = ["--scheme", "--workspace", "--project", "--destination", "--only-testing"]
        guard parsed.has("--xcode") else {
            if let stray = xcodeOnly.first(where: { parsed.value($0) != nil }) {
                throw FlakeCheckError.usage("\(stray) goes with --xcode.\n\(usage)")
            }
            return
        }
        guard let scheme = parsed.value("--scheme") else {
            throw FlakeCheckError.usage("--xcode needs --scheme NAME (the scheme whose tests to run).\n\(usage)")
        }
        let onlyTesting = parsed.all("--only-testing")
        guard !onlyTesting.isEmpty else {
            throw FlakeCheckError.usage("--xcode needs at least one --only-testing Target/Class/method.\n\(usage)")
        }
        guard parsed.value("--workspace") == nil || parsed.value("--project") == nil else {
            throw FlakeCheckError.usage("--workspace and --project exclude each other; give one.\n\(usage)")
        }
        guard mode == .process, perturbation == nil, stress == nil else {
            throw FlakeCheckError.usage("--xcode runs xcodebuild; --mode, --perturb and --stress do not apply.\n\(usage)")
        }
        xcode = XcodeSelection(scheme: scheme, workspace: parsed.value("--workspace"), project: parsed.value("--project"),
                               destination: parsed.value("--destination"), onlyTesting: onlyTesting)
        // Two runs on one simulator interfere; more workers need as many simulator clones.
        if parsed.value("--workers") == nil { workers = 1 }
    }
}

extension RunPlan {
    /// `--replay REPORT --run K`: selects run K's failing tests and fixes every run's conditions to run
    /// K's, so the failure can be reproduced (and caught in a debugger) as often as `--runs` says.
    mutating func applyReplay(_ parsed: ParsedArguments, context: CommandContext, usage: String) throws {
        guard let path = parsed.value("--replay") else {
            if parsed.value("--run") != nil {
                throw FlakeCheckError.usage("--run K goes with --replay REPORT. Did you mean '--runs'?\n\(usage)")
            }
            return
        }
        guard let text = parsed.value("--run"), let run = Int(text), run >= 1 else {
            throw FlakeCheckError.usage("--replay needs --run K, the run to replay (1 or more).\n\(usage)")
        }
        guard filters.isEmpty, skips.isEmpty, perturbation == nil else {
            throw FlakeCheckError.usage("--replay chooses the tests and conditions itself; drop --filter, --skip "
                + "and --perturb.\n\(usage)")
        }
        let replay = try ReplayRequest.load(context.absolutePath(path), shownPath: path, run: run)
        filters = [TestSelection.exactExpression(for: replay.testIDs)]
        if parsed.value("--package-path") == nil, let saved = replay.packagePath { packagePath = saved }
        if let conditions = replay.conditions {
            perturbation = PerturbationPlan(seed: conditions.seed, availableCPUs: context.processorCount,
                                            hookLibrary: PerturbationPlan.locateHookLibrary(environment: context.environment),
                                            fixed: conditions)
        }
    }
}
