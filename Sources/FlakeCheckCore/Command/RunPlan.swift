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
    /// `--archive FILE`: the tests of a build archive, run without building (`BuildArchive`).
    public var archive: String?
    /// `--rerun-failures K`: the selection once, then each failed test up to K more times (`RerunSchedule`).
    public var rerunFailures: Int?
    /// `--fail-on-flaky`: with `--rerun-failures`, tests that passed only on a rerun fail the gate too.
    public var failOnFlaky = false
    /// `--evidence`: record what each flaky or failing test does at run time (`EvidencePass`).
    public var evidence = false
    /// Said once before the runs start: `--stress` now meaning `--perturb`, for example.
    public var notes: [String] = []
    /// `--perturb`: how each run's conditions are drawn.
    public var perturbation: PerturbationPlan?
    /// `--replay REPORT --run K`: where the fixed conditions came from.
    public var replayed: ReplayedRun?
    /// `--sanitize thread`: build and run the tests under ThreadSanitizer.
    public var sanitizer: Sanitizer?
    /// `--sanitize thread`: the library that shows ThreadSanitizer `Mutex`'s locking, when found.
    public var sanitizerSupportLibrary: String?
    public var mode: ExecutionMode
    public var quiet: Bool
    /// `compare` and `demo`: print the per-test table as well as the strategy table.
    public var showTests = false
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
    public static let optionSpecs: [OptionSpec] = Options.selection + Options.xcodeGroup + Options.runGroup
        + Options.reportGroup + Options.adaptiveGroup + Options.gateGroup

    public init(arguments parsed: ParsedArguments, context: CommandContext, usage: String,
                defaultPackagePath: String = ".") throws {
        // Options.packagePath's default is `.`; `demo`'s is the bundled example.
        packagePath = context.absolutePath(parsed.gave(Options.packagePath)
                                           ? try parsed.value(Options.packagePath, usage: usage)! : defaultPackagePath)
        filters = parsed.values(Options.filter)
        skips = parsed.values(Options.skip)
        runs = try parsed.value(Options.runs, usage: usage)!
        workers = try parsed.value(Options.workers, usage: usage) ?? context.processorCount
        timeout = try parsed.value(Options.timeout, usage: usage)!
        configuration = try parsed.value(Options.configuration, usage: usage)!
        mode = try parsed.value(Options.mode, usage: usage)!
        build = !parsed.has(Options.noBuild)
        binPath = try parsed.value(Options.binPath, usage: usage).map(context.absolutePath)
        outputPath = context.absolutePath(try parsed.value(Options.output, usage: usage)!)
        minPassRate = try parsed.value(Options.minPassRate, usage: usage)!
        confidence = try parsed.value(Options.confidence, usage: usage)!
        targetFailureRate = try parsed.value(Options.targetFailureRate, usage: usage)!
        quiet = parsed.has(Options.quiet)
        noColor = parsed.has(Options.noColor)
        showTests = parsed.has(Options.showTests)
        appendStepSummary = !parsed.has(Options.noStepSummary)
        switch try parsed.value(Options.shard, usage: usage) {
        case .fixed(let given)?:
            shard = given
        case .auto?:
            let found = try Shard.fromCI(context.environment, usage: usage)
            shard = found.shard
            notes.append("Shard \(found.shard.index)/\(found.shard.count) (--shard auto): \(found.source)")
        case nil:
            shard = nil
        }
        let stressed = try parsed.value(Options.stress, usage: usage)! > 0
        if stressed {
            notes.append("Note: --stress is gone (its CPU burners made races rarer, not sooner); running with --perturb instead.")
        }
        let noise = parsed.has(Options.perturbNoise)
        let schedules = parsed.has(Options.exploreSchedules)
        if schedules, noise || stressed {
            throw FlakeCheckError.usage("--explore-schedules varies only the order of jobs; it does not combine with "
                + "--perturb-noise or --stress.\n\(usage)")
        }
        if stressed || noise || schedules || parsed.has(Options.perturb) || parsed.gave(Options.perturbSeed) {
            let seed = try parsed.value(Options.perturbSeed, usage: usage) ?? UInt64.random(in: 0...UInt64(UInt32.max))
            // In swift-test mode the preload would reach SwiftPM itself, not only the tests: no delays there.
            perturbation = PerturbationPlan(
                seed: seed, availableCPUs: context.processorCount,
                hookLibrary: mode == .swiftTest ? nil : PerturbationPlan.locateHookLibrary(environment: context.environment),
                noise: noise)
            perturbation?.schedules = schedules
            // In-process batches run many repetitions in one process, under one run's conditions.
            if workers > 1, mode != .inProcess { perturbation?.aloneShare = AloneShare() }
            if schedules, perturbation?.hookLibrary == nil {
                throw FlakeCheckError.usage("--explore-schedules needs the scheduler hook library, which only test "
                    + "processes flakecheck starts itself can load (Linux, not --mode swift-test): "
                    + "libFlakeCheckSchedulerHook.so next to flakecheck or FLAKECHECK_HOOK_LIBRARY.\n\(usage)")
            }
        }
        untilProven = parsed.has(Options.untilProven)
        if untilProven {
            guard !parsed.gave(Options.runs) else {
                throw FlakeCheckError.usage("--until-proven decides the number of runs; cap it with --max-runs, not --runs.\n\(usage)")
            }
            guard !parsed.gave(Options.shard) else {
                throw FlakeCheckError.usage("--until-proven cannot be sharded: each shard would decide alone.\n\(usage)")
            }
            runs = try parsed.value(Options.maxRuns, usage: usage)!
        } else if parsed.gave(Options.maxRuns) {
            throw FlakeCheckError.usage("--max-runs goes with --until-proven.\n\(usage)")
        }
        if mode == .inProcess, untilProven || parsed.gave(Options.shard) {
            throw FlakeCheckError.usage("--mode in-process runs fixed batches; it does not combine with --until-proven or --shard.\n\(usage)")
        }
        baseline = try parsed.value(Options.baseline, usage: usage).map { try Baseline.load(context.absolutePath($0)) }
        formats = try ReportFormat.parseList(try parsed.value(Options.format, usage: usage)!, usage: usage)
        evidence = parsed.has(Options.evidence)
        if let file = try parsed.value(Options.archive, usage: usage) {
            guard !parsed.has(Options.xcode), mode != .swiftTest, !parsed.gave(Options.binPath) else {
                throw FlakeCheckError.usage("--archive runs the archived test binary itself; it does not combine with "
                    + "--xcode, --mode swift-test or --bin-path.\n\(usage)")
            }
            archive = context.absolutePath(file)
            build = false
        }
        sanitizer = try parsed.value(Options.sanitize, usage: usage)
        if sanitizer != nil {
            sanitizerSupportLibrary = Sanitizer.locateSupportLibrary(environment: context.environment)
            // ThreadSanitizer intercepts the calls the --perturb and --evidence libraries interpose, and
            // SwiftPM would have to pass the flag on in the other cases: each is a run of its own.
            let flags = [Options.perturb, Options.exploreSchedules, Options.perturbNoise, Options.evidence, Options.xcode]
                .map(\.spec.name)
                .filter { parsed.has($0) }
            let options = [Options.perturbSeed.spec.name, Options.stress.spec.name, Options.archive.spec.name,
                           Options.binPath.spec.name].filter { parsed.value($0) != nil }
            let others = flags + options + (mode == .swiftTest ? ["--mode swift-test"] : [])
            guard others.isEmpty else {
                throw FlakeCheckError.usage("--sanitize thread does not combine with \(others.joined(separator: ", ")): "
                    + "run them separately.\n\(usage)")
            }
        }
        try applyRerun(parsed, usage: usage)
        for pattern in filters + skips { _ = try TestSelection.compile(pattern) }
        try applyReplay(parsed, context: context, usage: usage)
        try applyXcode(parsed, usage: usage)
    }
}

extension RunPlan {
    /// `--xcode --scheme S [--workspace W | --project P] [--destination D] --only-testing T/C/m …`.
    mutating func applyXcode(_ parsed: ParsedArguments, usage: String) throws {
        let xcodeOnly = [Options.scheme, Options.workspace, Options.project, Options.destination, Options.onlyTesting]
        guard parsed.has(Options.xcode) else {
            if let stray = xcodeOnly.first(where: parsed.gave) {
                throw FlakeCheckError.usage("\(stray.spec.name) goes with --xcode.\n\(usage)")
            }
            return
        }
        guard let scheme = try parsed.value(Options.scheme, usage: usage) else {
            throw FlakeCheckError.usage("--xcode needs --scheme NAME (the scheme whose tests to run).\n\(usage)")
        }
        let onlyTesting = parsed.values(Options.onlyTesting)
        guard !onlyTesting.isEmpty else {
            throw FlakeCheckError.usage("--xcode needs at least one --only-testing Target/Class/method.\n\(usage)")
        }
        guard !parsed.gave(Options.workspace) || !parsed.gave(Options.project) else {
            throw FlakeCheckError.usage("--workspace and --project exclude each other; give one.\n\(usage)")
        }
        guard mode == .process, perturbation == nil else {
            throw FlakeCheckError.usage("--xcode runs xcodebuild; --mode and --perturb do not apply.\n\(usage)")
        }
        xcode = XcodeSelection(scheme: scheme, workspace: try parsed.value(Options.workspace, usage: usage),
                               project: try parsed.value(Options.project, usage: usage),
                               destination: try parsed.value(Options.destination, usage: usage), onlyTesting: onlyTesting)
        // Two runs on one simulator interfere; more workers need as many simulator clones.
        if !parsed.gave(Options.workers) { workers = 1 }
    }
}

extension RunPlan {
    /// `--replay REPORT --run K`: selects run K's failing tests and fixes every run's conditions to run
    /// K's, so the failure can be reproduced (and caught in a debugger) as often as `--runs` says.
    mutating func applyReplay(_ parsed: ParsedArguments, context: CommandContext, usage: String) throws {
        guard let path = try parsed.value(Options.replay, usage: usage) else {
            if parsed.gave(Options.run) {
                throw FlakeCheckError.usage("--run K goes with --replay REPORT. Did you mean '--runs'?\n\(usage)")
            }
            return
        }
        guard let run = try? parsed.value(Options.run, usage: usage) else {
            throw FlakeCheckError.usage("--replay needs --run K, the run to replay (1 or more).\n\(usage)")
        }
        guard filters.isEmpty, skips.isEmpty, perturbation == nil else {
            throw FlakeCheckError.usage("--replay chooses the tests and conditions itself; drop --filter, --skip, "
                + "--perturb and --explore-schedules.\n\(usage)")
        }
        let replay = try ReplayRequest.load(context.absolutePath(path), shownPath: path, run: run)
        filters = [TestSelection.exactExpression(for: replay.testIDs)]
        if !parsed.gave(Options.packagePath), let saved = replay.packagePath { packagePath = saved }
        if let conditions = replay.conditions {
            replayed = ReplayedRun(report: path, run: run)
            perturbation = PerturbationPlan(seed: conditions.seed, availableCPUs: context.processorCount,
                                            hookLibrary: PerturbationPlan.locateHookLibrary(environment: context.environment),
                                            fixed: conditions)
        }
    }
}

extension RunPlan {
    /// `--rerun-failures K [--fail-on-flaky]`: one run of the selection, then reruns of its failures. It
    /// decides how many runs each test gets, so it stands alone: no `--runs` above 1, no `--until-proven`,
    /// no shards, no in-process batches.
    mutating func applyRerun(_ parsed: ParsedArguments, usage: String) throws {
        guard let reruns = try parsed.value(Options.rerunFailures, usage: usage) else {
            if parsed.has(Options.failOnFlaky) {
                throw FlakeCheckError.usage("--fail-on-flaky goes with --rerun-failures K.\n\(usage)")
            }
            return
        }
        if parsed.gave(Options.runs), runs != 1 {
            throw FlakeCheckError.usage("--rerun-failures runs the selection once and reruns what failed; drop --runs "
                + "(or use --runs N without it to run everything N times).\n\(usage)")
        }
        guard !untilProven, shard == nil, mode != .inProcess else {
            throw FlakeCheckError.usage("--rerun-failures does not combine with --until-proven, --shard or --mode in-process.\n\(usage)")
        }
        rerunFailures = reruns
        failOnFlaky = parsed.has(Options.failOnFlaky)
        runs = 1
    }
}
