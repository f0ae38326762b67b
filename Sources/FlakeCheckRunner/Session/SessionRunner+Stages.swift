import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// The stages of `SessionRunner.run` between discovery and the report: what runs the tests, in which order,
/// and the lines that say so before the first run.
extension SessionRunner {
    /// The executor every run goes through: the test binary's invocations, the run logs' folder, and the
    /// session's workers, `--perturb` plan and `--sanitize` logs.
    func makeExecutor(binary: String, catalog: TestCatalog, folder: SessionPaths, toolchain: String?) throws
        -> RunExecutor
    {
        var factory = InvocationFactory(
            mode: plan.run.mode, testBinary: binary, packagePath: plan.packagePath,
            configuration: plan.build.configuration,
            environment: environment, timeout: plan.run.timeout, scratchDirectory: folder.scratch,
            totalTests: Dictionary(grouping: catalog.tests, by: \.framework).mapValues(\.count))
        factory.xcode = plan.xcode.map(xcodebuildCommandLine)
        factory.xctestSelector = { [catalog] in catalog.xctestSelector(of: $0) }
        factory.eventStreamVersion = EventStreamVersion.requested(toolchain: toolchain)
        if MacOSTestBundle.isNeeded(on: TestPlatform.current, mode: plan.run.mode) {
            factory.macOSBundle = try MacOSTestBundle.locate(
                bundlePath: binary, environment: environment,
                launcher: context.launcher, cancellation: context.cancellation)
        }
        var executor = RunExecutor(
            factory: factory, launcher: context.launcher, catalog: catalog,
            logDirectory: folder.logs, logDirectoryName: "logs", cancellation: context.cancellation)
        executor.workers = plan.workers
        if let bytes = context.environment["FLAKECHECK_MAX_LOG_BYTES"].flatMap(Int.init), bytes > 0 {
            executor.maximumLogBytes = bytes
        }
        executor.incidentWording = wording.incident
        executor.perturbation = plan.perturbation
        if let sanitizer = plan.run.sanitizer {
            executor.sanitizerLogDirectory = try folder.scratchSubfolder("sanitizer")
            if let library = plan.sanitizerSupportLibrary { executor.addedEnvironment["LD_PRELOAD"] = library }
            status(
                "Running under ThreadSanitizer (built in \(sanitizer.scratchPath(packagePath: plan.packagePath))); "
                    + "its reports are findings of their own, not test failures"
                    + (plan.sanitizerSupportLibrary != nil
                        ? "" : "; " + wording.configurationNote(.sanitizerCannotSeeMutex)))
        }
        return executor
    }

    /// The plan's notes (even with `--quiet`), and under `--perturb` the seed and what cannot vary here.
    func announceConditions() {
        plan.notes.forEach { context.stderr.write($0 + "\n") }
        guard let perturbation = plan.perturbation else { return }
        let flags = ConditionArm.seedFlags(
            exploreSchedules: perturbation.schedules,
            optionalArms: Set((perturbation.shortenSleeps ? [.shortSleeps] : []) + (perturbation.noise ? [.noise] : [])))
        status(
            (perturbation.schedules ? "Exploring schedules (PCT) in every run" : "Perturbing every run")
                + " (seed \(perturbation.seed); repeat with \(flags) \(perturbation.seed))"
                + (perturbation.hookLibrary != nil
                    ? ""
                    : TestPlatform.current == .macOS
                        ? "; scheduler delays and noise off: they need LD_PRELOAD, which macOS does not offer to "
                            + "every process"
                        : plan.run.mode == .swiftTest
                            ? "; scheduler delays and noise off in swift-test mode (they would reach SwiftPM)"
                            : "; scheduler delays and noise off: libFlakeCheckSchedulerHook.so is not next to "
                                + "flakecheck (build it "
                                + "with `swift build --product FlakeCheckSchedulerHook`, or set "
                                + "FLAKECHECK_HOOK_LIBRARY)")
        )
    }

    /// Which runs happen, in which order: `--until-proven`, `--rerun-failures`, in-process batches, or
    /// `--runs` of every group (minus other shards' runs).
    func makeScheduler(for selections: [[TestIdentity]]) -> RunScheduler {
        if plan.schedule.adaptive {
            // `--budget` counts from here, the first run: the build before it is not the runs' time.
            return RunScheduler(
                groups: selections, maxRuns: plan.runsPerTest, confidence: plan.gate.confidence,
                target: plan.gate.targetFailureRate,
                deadline: plan.schedule.budget.map { context.now().addingTimeInterval($0) },
                now: context.now)
        }
        if let reruns = plan.schedule.rerunFailures {
            return RunScheduler(
                groups: selections, reruns: reruns, confidence: plan.gate.confidence,
                cancellation: context.cancellation)
        }
        if plan.run.mode == .inProcess {
            if selections.joined().contains(where: { $0.framework == .xctest }) {
                status("Note: XCTest cannot repeat inside one process; its tests run one process per run.")
            }
            return RunScheduler(inProcessGroups: selections, runs: plan.runsPerTest, workers: plan.workers)
        }
        return RunScheduler(groups: selections, runs: plan.runsPerTest, shard: plan.shard)
    }

    /// "Running 12 tests 100 times on 2 workers (process mode)…", with the schedule's own words.
    func announceRuns(of selections: [[TestIdentity]], groups: [RunGroup], plannedRuns: Int) {
        let testCount = Set(selections.flatMap { $0.map(\.id) }).count
        let times = { Formatting.count($0, "time") }
        status(
            "Running \(testCount) test\(testCount == 1 ? "" : "s") "
                + (plan.schedule.budget.map { "until proven, failed, or \(Formatting.seconds($0)) spent" }
                    ?? (plan.schedule.adaptive ? "until proven (at most \(times(plan.runsPerTest)))" : nil)
                        ?? plan.schedule.rerunFailures.map {
                            "once, then each failure again, alone, up to \(times($0))"
                        }
                        ?? times(plan.runsPerTest))
                + (plan.shard.map { " as shard \($0.index)/\($0.count): \(Formatting.count(plannedRuns, "run")) here" }
                    ?? "")
                + (groups.count > 1 ? " for each of \(Formatting.count(groups.count, "strategy", "strategies"))" : "")
                + " on \(plan.workers) worker\(plan.workers == 1 ? "" : "s") (\(plan.run.mode.rawValue) mode)…")
    }

    /// Every run the scheduler hands out, on the session's workers, into one collector. A run `--perturb`
    /// drew to run alone waits for the machine (`AloneRunGate`), and its results teach `ConditionArms`; each
    /// record gets its worker and times here, where the waiting is known.
    func execute(
        _ scheduler: RunScheduler, selections: [[TestIdentity]], groups: [RunGroup], executor: RunExecutor,
        draws: RunConditions?, opening: [String: OpeningReading]?, started: Date
    ) -> RunCollector {
        let progress =
            plan.quiet
            ? nil
            : ProgressLine(
                output: context.stderr, total: scheduler.plannedRuns, budget: plan.schedule.budget,
                plain: !context.stderrIsTerminal)
        let collector = RunCollector(
            groups: selections, progress: progress,
            padsHistories: !plan.schedule.adaptive && plan.schedule.rerunFailures == nil)
        let gate = AloneRunGate()
        // Pairs apart join two selected Swift Testing tests of one suite, in one strategy's selection.
        if let arms = draws?.learner {
            arms.learn(groups: selections)
            arms.useWorkers(plan.workers)
            if let opening {
                arms.follow(
                    hints: opening.mapValues(\.hint), sharingState: Set(opening.filter(\.value.sharesState).keys),
                    pollingAProxy: Set(opening.filter(\.value.pollsAProxy).keys))
            }
        }
        // Each run's conditions are drawn once, here, into its job; in-process repetitions draw one per
        // process they start.
        let next: @Sendable () -> RunScheduler.Job? = {
            scheduler.next().map { job in
                var job = job
                if job.repetitions == nil { job.conditions = draws?.conditions(forRun: job.runIndex) }
                return job
            }
        }
        WorkerPool.run(workers: plan.workers, cancellation: context.cancellation, next: next) {
            [context] job, worker in
            let strategy = groups[job.group].strategy
            let drawn = job.conditions
            let alone = drawn?.alone
            gate.enter(alone: alone == true)
            defer { gate.leave(alone: alone == true) }
            let load = drawn?.arm == .busyCPUs ? CPULoad(threads: context.processorCount) : nil
            let start = context.now()
            let outputs =
                job.repetitions.map {
                    executor.executeRepetitions(
                        firstRunIndex: job.runIndex, count: $0, tests: job.tests, strategy: strategy,
                        worker: worker, draw: { draws?.conditions(forRun: $0) })
                } ?? [
                    executor.execute(
                        runIndex: job.runIndex, tests: job.tests, strategy: strategy, worker: worker,
                        isolated: job.isolated, conditions: job.conditions)
                ]
            let end = context.now()
            load?.stop()
            for var output in outputs {
                output.record.worker = worker
                output.record.startSeconds = start.timeIntervalSince(started)
                output.record.endSeconds = end.timeIntervalSince(started)
                scheduler.record(output.results, group: job.group)
                if let conditions = output.record.perturbation {
                    draws?.learner?.record(
                        output.results, conditions: conditions,
                        seconds: end.timeIntervalSince(start) / Double(max(outputs.count, 1)))
                }
                collector.add(output, group: job.group)
            }
        }
        progress?.finish()
        return collector
    }

    /// Each selected test's hint and whether it shares state, read before the first run, for `--hunt`'s
    /// first turns (a Swift Testing test's function is found by name here: its location comes with its
    /// first run).
    func leadingReadings(_ selections: [[TestIdentity]], hints: HintDetector) -> [String: HintDetector.Reading] {
        var read: [String: HintDetector.Reading] = [:]
        for test in selections.joined() where read[test.id] == nil {
            read[test.id] =
                hints.reading(for: test, sharedState: true)
                ?? HintDetector.Reading(hint: .none, gate: nil, fromIndex: false)
        }
        return read
    }

    /// With more than one worker: tests whose failures all overlapped another worker's run are run again
    /// with one worker, and their notes say what that showed; what the check cost goes in the report.
    /// `--recheck auto` may spend half the time the runs took (3 s more, up to their whole time, for short
    /// runs); under `--budget` it gets what the runs left.
    func confirmSolo(
        _ facts: inout [TestFacts], runs: [RunRecord], executor: RunExecutor, catalog: TestCatalog,
        folder: SessionPaths, started: Date
    ) throws -> RecheckSummary? {
        guard plan.workers > 1, plan.schedule.recheck != .off, !context.cancellation.isCancelled else { return nil }
        let firstStart = runs.compactMap(\.startSeconds).min() ?? 0
        let runsSeconds = (runs.compactMap(\.endSeconds).max() ?? firstStart) - firstStart
        // Half the runs' time, and a few seconds more for short runs, but never more than the runs took.
        var allowed: Double? = plan.schedule.recheck == .auto ? min(runsSeconds, runsSeconds / 2 + 3) : nil
        if let budget = plan.schedule.budget {
            let left = budget - context.now().timeIntervalSince(started.addingTimeInterval(firstStart))
            allowed = min(allowed ?? left, left)
        }
        if let allowed, allowed <= 0 { return nil }
        var check = SoloConfirmation(
            executor: executor, cancellation: context.cancellation, loadThreads: max(1, context.processorCount))
        check.limit = plan.schedule.recheck
        check.allowedSeconds = allowed
        check.now = context.now
        return try check.confirm(
            &facts, runs: runs, catalog: catalog, sessionRuns: plan.runsPerTest, workers: plan.workers,
            perturbed: plan.perturbation != nil, logDirectory: { try folder.outputSubfolder("logs/solo") },
            status: status)
    }
}

extension SessionRunner {
    /// `--changed-since REF`: the tests the change since REF touches, with why, said before the runs; calls
    /// followed through `graph` (the build's index) when there is one, by name when not, and said which.
    func changedTests(since revision: String, in catalog: TestCatalog, graph: CallGraph?) throws -> [String: TestChange] {
        let git = GitChanges(
            packagePath: plan.packagePath, environment: environment, launcher: context.launcher,
            cancellation: context.cancellation)
        let changes = try git.changes(since: revision)
        let selector = ChangedTests(
            index: SourceIndex(packagePath: plan.packagePath), changes: changes, depth: plan.selection.callDepth,
            callGraph: graph, filesDeclaringAtRevision: { (try? git.files(declaring: $0, at: revision)) ?? [] }
        ) {
            (try? git.text(of: $0, at: revision)) ?? nil
        }
        let chosen = selector.select(catalog.tests)
        if !chosen.isEmpty {
            status(
                "Chose \(Formatting.count(chosen.count, "test")) of \(catalog.tests.count) that changed since "
                    + "\(revision), "
                    + (graph == nil
                        ? "calls followed by name (the build left no index store to read):"
                        : "calls followed through the compiler's index:")
            )
            for (test, change) in chosen.prefix(50) { status("  \(test.id): \(wording.change(change))") }
            if chosen.count > 50 { status("  … and \(chosen.count - 50) more (report.json's tests[].change)") }
        }
        return Dictionary(chosen.map { ($0.test.id, $0.change) }, uniquingKeysWith: { first, _ in first })
    }
}
