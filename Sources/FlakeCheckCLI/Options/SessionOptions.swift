import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport
import Foundation

/// The options of the commands that run tests (`run`, `compare`, `demo`): their groups, the rules across
/// groups (`validate`), and the plan a session follows (`plan`). The plan takes the Runner's groups
/// whole; what is made here is what the options name on this machine: absolute paths, the worker count,
/// the CI's shard, the baseline, the replayed report, the conditions and their hook libraries.
package struct SessionOptions {
    package var selection: SelectionOptions
    package var build: BuildOptions
    package var run: RunOptions
    package var xcode: XcodeOptions
    package var conditions: ConditionOptions
    package var schedule: ScheduleOptions
    package var replay: ReplayOptions
    package var report: ReportOptions
    package var display: DisplayOptions

    /// Every option of `run`, grouped as `--help` lists them.
    package static let specs: [OptionSpec] =
        SelectionOptions.specs + XcodeOptions.specs + runSpecs + ReportOptions.specs
        + ConditionOptions.specs + ReplayOptions.specs + ScheduleOptions.specs + DisplayOptions.gateSpecs
    /// How many runs of which build: the run group's options, then the build group's.
    private static let runSpecs = RunOptions.specs + BuildOptions.specs
    /// `compare` and `demo`: `run`'s options but selection (their strategies select), Xcode and replay
    /// (refused with a message of their own), with `--show-tests`.
    static func comparingSpecs(packagePath: OptionSpec) -> [OptionSpec] {
        [packagePath, SelectionOptions.skipOption.spec] + runSpecs + ReportOptions.specs + ConditionOptions.specs
            + ReplayOptions.hiddenSpecs + ScheduleOptions.specs + [DisplayOptions.showTests.spec]
            + DisplayOptions.gateSpecs
    }

    package init(_ parsed: ParsedArguments) throws {
        selection = try SelectionOptions(parsed)
        build = try BuildOptions(parsed)
        run = try RunOptions(parsed)
        xcode = try XcodeOptions(parsed)
        conditions = try ConditionOptions(parsed)
        schedule = try ScheduleOptions(parsed)
        replay = try ReplayOptions(parsed)
        report = try ReportOptions(parsed)
        display = try DisplayOptions(parsed)
    }

    /// Each group's rules, then the rules between groups.
    package func validate() throws {
        try selection.validate()
        try xcode.validate()
        try conditions.validate()
        try replay.validate()
        try run.validate(schedule)
        try schedule.validate(runs: run.runs, inProcess: run.mode == .inProcess)
        if build.archive != nil, xcode.isOn || run.mode == .swiftTest || build.binPath != nil {
            throw FlakeCheckError.usage(
                "--archive runs the archived test binary itself; it does not combine with "
                    + "--xcode, --mode swift-test or --bin-path.")
        }
        if run.sanitizer != nil {
            // ThreadSanitizer intercepts the calls the hook and --evidence libraries interpose, and SwiftPM
            // would have to pass the flag on in the other cases: each is a run of its own.
            let others =
                conditions.needingHookLibrary
                + (schedule.recordsEvidence ? [ScheduleOptions.evidenceOption.spec.name] : [])
                + (xcode.isOn ? [XcodeOptions.xcode.spec.name] : [])
                + [(build.archive, BuildOptions.archiveOption), (build.binPath, BuildOptions.binPathOption)].filter {
                    $0.0 != nil
                }
                .map(\.1.spec.name)
                + (run.mode == .swiftTest ? ["--mode swift-test"] : [])
            guard others.isEmpty else {
                throw FlakeCheckError.usage(
                    "--sanitize thread does not combine with \(others.joined(separator: ", ")): "
                        + "run them separately.")
            }
        }
        if xcode.isOn, run.mode != .process || conditions.varies || replay.report != nil {
            throw FlakeCheckError.usage("--xcode runs xcodebuild; --mode, --perturb and --replay do not apply.")
        }
        if schedule.failOnNewFlaky, selection.changedSince == nil {
            throw FlakeCheckError.usage(
                "--fail-on-new-flaky gates the tests --changed-since REF chooses; give it a REF.")
        }
        if selection.changedSince != nil, replay.report != nil || xcode.isOn || build.archive != nil {
            throw FlakeCheckError.usage(
                "--changed-since reads the package's sources and git; it does not combine with "
                    + "--replay, --xcode or --archive.")
        }
        if replay.report != nil, !selection.filters.isEmpty || !selection.skips.isEmpty || conditions.varies {
            throw FlakeCheckError.usage(
                "--replay chooses the tests and conditions itself; drop --filter, --skip, "
                    + "--perturb and --explore-schedules.")
        }
    }

    /// How the session's report is shown.
    var presentation: ReportPresentation {
        var presentation = ReportPresentation()
        presentation.formats = report.formats
        presentation.noColor = display.noColor
        presentation.showTests = display.showTests
        presentation.appendStepSummary = display.appendStepSummary
        return presentation
    }

    /// The session's plan. `defaultPackagePath` is `.`, or `demo`'s bundled example.
    package func plan(_ context: CommandContext, defaultPackagePath: String = ".") throws -> RunPlan {
        // Before any library is looked for: a fresh clone's `swift run flakecheck` has not built them.
        if TestPlatform.current == .linux {
            _ = PreloadLibrary.buildMissing(
                launcher: context.launcher, environment: context.environment,
                cancellation: context.cancellation
            ) { message in
                if !display.quiet { context.stderr.write(message + "\n") }
            }
        }
        var plan = RunPlan(
            packagePath: context.absolutePath(selection.packagePath ?? defaultPackagePath),
            outputPath: context.absolutePath(report.output))
        plan.selection = selection
        plan.build = build
        plan.build.binPath = build.binPath.map(context.absolutePath)
        plan.build.archive = build.archive.map(context.absolutePath)
        plan.run = run
        if xcode.isOn { plan.run.mode = .xcode }
        plan.schedule = schedule
        plan.gate = report.gate
        // Two runs on one simulator interfere; more workers need as many simulator clones.
        plan.workers = run.workers ?? (xcode.isOn ? 1 : context.processorCount)
        plan.xcode = xcode.selection
        plan.quiet = display.quiet
        switch schedule.shard {
        case .fixed(let given)?:
            plan.shard = given
        case .auto?:
            let found = try Shard.fromCI(context.environment)
            plan.shard = found.shard
            plan.notes.append("Shard \(found.shard.index)/\(found.shard.count) (--shard auto): \(found.source)")
        case nil:
            break
        }
        if conditions.stressed {
            plan.notes.append(
                "Note: --stress is gone (its CPU burners made races rarer, not sooner); running with --perturb instead."
            )
        }
        plan.baseline = try report.loadBaseline(context)
        try applyConditions(to: &plan, context: context)
        if run.sanitizer != nil {
            plan.sanitizerSupportLibrary = Sanitizer.locateSupportLibrary(environment: context.environment)
        }
        try applyReplay(to: &plan, context: context)
        return plan
    }

    /// `--perturb` and its kin: how each run's conditions are drawn.
    private func applyConditions(to plan: inout RunPlan, context: CommandContext) throws {
        guard conditions.varies else { return }
        let seed = conditions.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        // In swift-test mode the preload would reach SwiftPM itself, not only the tests, and ThreadSanitizer
        // intercepts what the library interposes: no delays or schedules there.
        let usesHook = plan.run.mode != .swiftTest && run.sanitizer == nil
        plan.perturbation = PerturbationPlan(
            seed: seed, availableCPUs: context.processorCount,
            hookLibrary: usesHook ? PerturbationPlan.locateHookLibrary(environment: context.environment) : nil,
            noise: conditions.noise)
        plan.perturbation?.schedules = conditions.exploreSchedules
        plan.perturbation?.shortenSleeps = conditions.shortenSleeps
        // In-process batches run many repetitions in one process, under one run's conditions: none goes alone.
        if let perturbation = plan.perturbation, !conditions.exploreSchedules {
            let available = ConditionArms.available(
                hookLibrary: perturbation.hookLibrary != nil, pinsCPUs: perturbation.pinsCPUs,
                cpus: perturbation.availableCPUs,
                workers: plan.run.mode == .inProcess ? 1 : plan.workers, shortenSleeps: conditions.shortenSleeps,
                noise: conditions.noise,
                busyCPUs: plan.run.mode == .process)
            plan.perturbation?.learning = ArmLearning(arms: try chosenArms(from: available), seed: seed)
            if let path = conditions.learnFrom {
                let earlier = try JSONReportFormat.load(context.absolutePath(path), shownPath: path)
                plan.perturbation?.learning?.earlier = earlier.tests
            }
        }
        // Without the library every run would be a plain run that claims otherwise.
        for (wanted, flag) in [
            (conditions.exploreSchedules, "--explore-schedules"), (conditions.shortenSleeps, "--shorten-sleeps"),
        ]
        where wanted && plan.perturbation?.hookLibrary == nil {
            throw FlakeCheckError.usage(
                "\(flag) needs the scheduler hook library, which only test processes flakecheck "
                    + "starts itself can load (Linux, not --mode swift-test): libFlakeCheckSchedulerHook.so next to "
                    + "flakecheck or FLAKECHECK_HOOK_LIBRARY.")
        }
    }

    /// The arms of this session's hunt: `--arms` where given (each one this session can make), else all.
    private func chosenArms(from available: Set<ConditionArm>) throws -> Set<ConditionArm> {
        guard let asked = conditions.onlyArms else { return available }
        let missing = asked.filter { !available.contains($0) }
        guard missing.isEmpty else {
            throw FlakeCheckError.usage(
                "--arms asks for \(missing.map(\.rawValue).joined(separator: ", ")), which this session "
                    + "cannot make (here: \(available.map(\.rawValue).sorted().joined(separator: ", "))). Short "
                    + "sleeps and noise need "
                    + "--shorten-sleeps and --perturb-noise, alone and pairs apart several workers, delays and "
                    + "schedules the "
                    + "scheduler hook library, busy CPUs process mode.")
        }
        return Set(asked)
    }

    /// `--replay REPORT --run K`: selects run K's failing tests and fixes every run's conditions to run
    /// K's, so the failure can be reproduced (and caught in a debugger) as often as `--runs` says.
    private func applyReplay(to plan: inout RunPlan, context: CommandContext) throws {
        guard let path = replay.report, let run = replay.run else { return }
        let request = try ReplayRequest.load(context.absolutePath(path), shownPath: path, run: run)
        plan.selection.filters = [TestSelection.exactExpression(for: request.testIDs)]
        if selection.packagePath == nil, let saved = request.packagePath { plan.packagePath = saved }
        // A replay never writes over the report it replays: into that report's folder, it goes to a
        // folder of its own beside it.
        let replayedFolder = URL(fileURLWithPath: context.absolutePath(path)).deletingLastPathComponent().standardized.path
        if URL(fileURLWithPath: plan.outputPath).standardized.path == replayedFolder {
            plan.outputPath = replayedFolder + "/replay-run-\(run)"
            if !display.quiet {
                context.stderr.write(
                    "note: writing the replay to \(plan.outputPath), beside the report it replays (--output sets "
                        + "another folder)\n")
            }
        }
        if let conditions = request.conditions {
            plan.replayed = ReplayedRun(report: path, run: run)
            plan.perturbation = PerturbationPlan(
                seed: conditions.seed, availableCPUs: context.processorCount,
                hookLibrary: PerturbationPlan.locateHookLibrary(environment: context.environment),
                fixed: conditions)
        }
    }
}
