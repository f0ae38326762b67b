import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport
import Foundation

/// The plan a session follows, made from its parsed options (`SessionOptions`) on this machine: the I/O
/// that option parsing does not do. It builds the preload libraries a fresh clone lacks, reads the CI's
/// shard, loads the baseline, the `--learn-from` report and the replayed report, finds the hook libraries,
/// and makes absolute paths and the worker count. The plan takes the Runner's groups whole.
package struct SessionPlanner {
    package var options: SessionOptions

    package init(_ options: SessionOptions) { self.options = options }

    private var selection: SelectionOptions { options.selection }
    private var build: BuildOptions { options.build }
    private var run: RunOptions { options.run }
    private var xcode: XcodeOptions { options.xcode }
    private var conditions: ConditionOptions { options.conditions }
    private var schedule: ScheduleOptions { options.schedule }
    private var replay: ReplayOptions { options.replay }
    private var report: ReportOptions { options.report }
    private var display: DisplayOptions { options.display }

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
