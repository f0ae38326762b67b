import Foundation

/// The backbone of `run`, `compare` and `demo`: build once, discover, select, execute every run over
/// the workers, aggregate, and hand back the report. One direction only; each stage is a value in,
/// value out, and the process boundary is the context's launcher.
public struct RunSession {
    public var plan: RunPlan
    public var context: CommandContext

    public init(plan: RunPlan, context: CommandContext) {
        self.plan = plan
        self.context = context
    }

    /// The result of a session: the report, and where its files were written.
    public struct Outcome {
        public var report: FlakeReport
        public var writtenFiles: [String]
    }

    /// Lists the selected tests (for `flakecheck list`), building first unless told not to.
    public func discover() throws -> [TestIdentity] {
        let scratch = NSTemporaryDirectory() + "flakecheck-list-\(getpid())-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let interrupt = installInterruptHandler()
        defer { withExtendedLifetime(interrupt) {} }
        let (_, catalog, _) = try buildAndDiscover(scratch: scratch)
        return try TestSelection(filters: plan.filters, skips: plan.skips).select(from: catalog)
    }

    /// Checks the package, builds it once (unless `--no-build`), finds the test binary and lists its tests
    /// (or takes the list from the build's cache, which it returns for the toolchain version).
    func buildAndDiscover(scratch: String, buildLog: String? = nil) throws
        -> (binary: String, catalog: TestCatalog, cache: DiscoveryCache?) {
        if let xcode = plan.xcode {
            let (xctestrun, catalog) = try buildForTesting(xcode)
            return (xctestrun, catalog, nil)
        }
        if let archive = plan.archive { return try unpack(archive, scratch: scratch) }
        guard FileManager.default.fileExists(atPath: plan.packagePath + "/Package.swift") else {
            throw FlakeCheckError.packageNotFound(plan.packagePath)
        }
        if plan.build {
            status("Building tests in \(plan.packagePath) (\(plan.configuration))…")
            let log = buildLog.map { RunLog(path: $0) }
            var shown = 0
            do {
                try stage("the build: `swift build` and its process group were stopped") {
                    try builder.build(cancellation: context.cancellation) { line in
                        log?.note(line)
                        shown += 1
                        // Without a log to hold the rest (`list`), every line is shown, as before.
                        guard !plan.quiet, log == nil || shown <= Self.shownBuildLines else { return }
                        context.stderr.write(shown < Self.shownBuildLines || log == nil ? "  \(line)\n"
                            : "  … the rest of the build's output goes to \(buildLog!)\n")
                    }
                }
                _ = log?.finish(keep: true)
            } catch FlakeCheckError.buildFailed(let command, let diagnostics) where log != nil {
                _ = log?.finish(keep: true)
                throw FlakeCheckError.buildFailed(command: command, diagnostics: diagnostics + "\n(the whole build output: \(buildLog!))")
            }
        }
        let binary = try stage("discovery: `swift build --show-bin-path` was stopped") {
            try builder.testBinary(cancellation: context.cancellation)
        }
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw FlakeCheckError.testBinaryMissing(binary) }
        let cache = DiscoveryCache(testBinary: binary, environment: environment)
        let catalog = try stage("discovery: listing the tests was stopped") {
            // A macOS test bundle cannot list its own tests; `swift test list` loads it the way SwiftPM does.
            guard TestPlatform.current == .linux else {
                return TestCatalog(try builder.listedTests(cancellation: context.cancellation))
            }
            if let tests = cache.tests(of: binary) { return TestCatalog(tests) }
            let catalog = try TestDiscoverer(testBinary: binary, environment: environment, workingDirectory: plan.packagePath,
                                             scratchDirectory: scratch, launcher: context.launcher)
                .discover(cancellation: context.cancellation)
            cache.storeTests(catalog.tests, of: binary)
            return catalog
        }
        return (binary, catalog, cache)
    }

    private func xcodebuildCommandLine(_ xcode: RunPlan.XcodeSelection) -> XcodebuildCommandLine {
        XcodebuildCommandLine(scheme: xcode.scheme, workspace: xcode.workspace.map(context.absolutePath),
                              project: xcode.project.map(context.absolutePath), destination: xcode.destination,
                              derivedDataPath: plan.packagePath + "/.build/flakecheck-xcode")
    }

    /// `--xcode`: `xcodebuild build-for-testing` once; the tests are the ones `--only-testing` names, and
    /// the "binary" is the `.xctestrun` file each run's `test-without-building` reads.
    private func buildForTesting(_ xcode: RunPlan.XcodeSelection) throws -> (binary: String, catalog: TestCatalog) {
        let commandLine = xcodebuildCommandLine(xcode)
        if plan.build {
            status("Building \(xcode.scheme) for testing (xcodebuild build-for-testing)…")
            try stage("the build: `xcodebuild build-for-testing` was stopped") {
                var output = BuildOutputTail()
                var splitter = LineSplitter()
                let request = ProcessRequest(executable: "xcodebuild", arguments: commandLine.buildForTesting,
                                             environment: environment, workingDirectory: plan.packagePath)
                let exit = try context.launcher.run(request, cancellation: context.cancellation) { bytes in
                    splitter.feed(bytes) { output.append($0.string) }
                }
                splitter.finish { output.append($0.string) }
                guard exit.succeeded else {
                    throw FlakeCheckError.buildFailed(command: "xcodebuild " + commandLine.buildForTesting.joined(separator: " "),
                                                      diagnostics: output.diagnostics)
                }
            }
        }
        guard let xctestrun = commandLine.xctestrunFiles().first else {
            throw FlakeCheckError.discoveryFailed("no .xctestrun file in \(commandLine.derivedDataPath)/Build/Products: "
                + "did `xcodebuild build-for-testing` run for scheme \(xcode.scheme)? (drop --no-build)")
        }
        return (xctestrun, TestCatalog(xcode.onlyTesting.map(XcodebuildCommandLine.identity(onlyTesting:))))
    }

    /// How much of a build's output the terminal shows: a package whose tests do not compile printed
    /// 362,745 lines before "the build failed"; the rest is in `logs/build.log`, and the first errors come
    /// with the failure.
    static let shownBuildLines = 40

    /// Runs one stage before the test runs; a Ctrl-C during it (the launcher has already stopped the
    /// stage's process group) becomes one clear "interrupted during …" error instead of a build failure.
    func stage<T>(_ what: String, _ body: () throws -> T) throws -> T {
        let value: T
        do {
            value = try body()
        } catch FlakeCheckError.interrupted(let during) {
            // The stage said more precisely what it stopped (the build: whether its compilers are gone).
            throw FlakeCheckError.interrupted(during: during)
        } catch where context.cancellation.isCancelled {
            throw FlakeCheckError.interrupted(during: what)
        }
        if context.cancellation.isCancelled { throw FlakeCheckError.interrupted(during: what) }
        return value
    }

    /// Ctrl-C from the very start, so a press during the build stops `swift build` too (it runs in its own
    /// process group, which the terminal's SIGINT does not reach).
    func installInterruptHandler() -> InterruptHandler? {
        guard context.handlesInterrupts else { return nil }
        return InterruptHandler(cancellation: context.cancellation, onFirst: { [context] in
            context.stderr.write("\nInterrupted: stopping what is running (press Ctrl-C again to quit at once)…\n")
        }, onSecond: { [context] in
            context.launcher.killAll()
        })
    }

    var environment: [String: String] { Self.childEnvironment(context.environment) }

    /// `swift --version`, asked once per toolchain (0.12–0.25 s of every start before the cache).
    func toolchainVersion(cache: DiscoveryCache?) -> String? {
        let swift = builder.swiftExecutable
        if let cached = cache?.toolchain(swiftExecutable: swift, environment: environment) { return cached }
        let version = builder.toolchainVersion(cancellation: context.cancellation)
        if let version { cache?.storeToolchain(version, swiftExecutable: swift, environment: environment) }
        return version
    }

    private var builder: PackageBuilder {
        var builder = PackageBuilder(packagePath: plan.packagePath, configuration: plan.configuration,
                                     environment: environment, launcher: context.launcher)
        builder.binPath = plan.binPath
        builder.sanitizer = plan.sanitizer
        return builder
    }

    public func run(groups: [RunGroup], command: String) throws -> Outcome {
        let started = context.now()
        let output = OutputFolder(path: plan.outputPath)
        try output.prepare()
        let lock = try OutputFolderLock(folder: output.path)
        defer { withExtendedLifetime(lock) {} }
        // Private to this process, even if a lock were ever bypassed (a folder on a file system without flock).
        let scratch = try output.subfolder(".scratch-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let interrupt = installInterruptHandler()
        let logs = "\(plan.outputPath)/logs"
        try? FileManager.default.removeItem(atPath: logs)
        _ = try output.subfolder("logs")
        let discovered = try buildAndDiscover(scratch: scratch, buildLog: "\(logs)/build.log")
        let binary = discovered.binary
        var catalog = discovered.catalog
        let toolchain = toolchainVersion(cache: discovered.cache)
        let selections = try groups.map { try TestSelection(filters: $0.filters, skips: $0.skips).select(from: catalog) }

        var factory = InvocationFactory(
            mode: plan.mode, testBinary: binary, packagePath: plan.packagePath, configuration: plan.configuration,
            environment: environment, timeout: plan.timeout, scratchDirectory: scratch,
            totalTests: Dictionary(grouping: catalog.tests, by: \.framework).mapValues(\.count))
        factory.xcode = plan.xcode.map(xcodebuildCommandLine)
        if MacOSTestBundle.isNeeded(on: TestPlatform.current, mode: plan.mode, throughXcodebuild: plan.xcode != nil) {
            factory.macOSBundle = try MacOSTestBundle.locate(bundlePath: binary, environment: environment,
                                                             launcher: context.launcher, cancellation: context.cancellation)
        }
        var executor = RunExecutor(factory: factory, launcher: context.launcher, catalog: catalog, logDirectory: logs,
                                   logDirectoryName: "logs", cancellation: context.cancellation)
        executor.workers = plan.workers
        executor.perturbation = plan.perturbation
        if let sanitizer = plan.sanitizer {
            executor.sanitizerLogDirectory = try output.subfolder(".scratch-\(getpid())/sanitizer")
            if let library = plan.sanitizerSupportLibrary { executor.addedEnvironment["LD_PRELOAD"] = library }
            status("Running under ThreadSanitizer (built in \(sanitizer.scratchPath(packagePath: plan.packagePath))); "
                   + "its reports are findings of their own, not test failures"
                   + (plan.sanitizerSupportLibrary != nil ? "" : "; " + Self.missingSanitizerSupportNote))
        }
        plan.notes.forEach { context.stderr.write($0 + "\n") }  // even with --quiet
        if let perturbation = plan.perturbation {
            status((perturbation.schedules ? "Exploring schedules (PCT) in every run" : "Perturbing every run")
                   + " (seed \(perturbation.seed); repeat with \(perturbation.schedules ? "--explore-schedules " : "")--perturb-seed \(perturbation.seed))"
                   + (perturbation.hookLibrary != nil ? "" : TestPlatform.current == .macOS
                      ? "; scheduler delays and noise off: they need LD_PRELOAD, which macOS does not offer to every process"
                      : plan.mode == .swiftTest ? "; scheduler delays and noise off in swift-test mode (they would reach SwiftPM)"
                      : "; scheduler delays and noise off: libFlakeCheckSchedulerHook.so is not next to flakecheck (build it "
                      + "with `swift build --product FlakeCheckSchedulerHook`, or set FLAKECHECK_HOOK_LIBRARY)"))
        }
        let scheduler: RunScheduler
        if plan.untilProven {
            scheduler = RunScheduler(groups: selections, maxRuns: plan.runs, confidence: plan.confidence,
                                     target: plan.targetFailureRate)
        } else if let reruns = plan.rerunFailures {
            scheduler = RunScheduler(groups: selections, reruns: reruns, confidence: plan.confidence,
                                     cancellation: context.cancellation)
        } else if plan.mode == .inProcess {
            scheduler = RunScheduler(inProcessGroups: selections, runs: plan.runs, workers: plan.workers)
            if selections.joined().contains(where: { $0.framework == .xctest }) {
                status("Note: XCTest cannot repeat inside one process; its tests run one process per run.")
            }
        } else {
            scheduler = RunScheduler(groups: selections, runs: plan.runs, shard: plan.shard)
        }
        let total = scheduler.plannedRuns
        let testCount = Set(selections.flatMap { $0.map(\.id) }).count
        status("Running \(testCount) test\(testCount == 1 ? "" : "s") "
               + (plan.untilProven ? "until proven (at most \(Formatting.count(plan.runs, "time")))"
                  : plan.rerunFailures.map { "once, then each failure again, alone, up to \(Formatting.count($0, "time"))" }
                  ?? "\(Formatting.count(plan.runs, "time"))")
               + (plan.shard.map { " as shard \($0.index)/\($0.count): \(Formatting.count(total, "run")) here" } ?? "")
               + (groups.count > 1 ? " for each of \(Formatting.count(groups.count, "strategy", "strategies"))" : "")
               + " on \(plan.workers) worker\(plan.workers == 1 ? "" : "s") (\(plan.mode.rawValue) mode)…")
        let progress = plan.quiet ? nil : ProgressLine(output: context.stderr, total: total, plain: !context.stderrIsTerminal)
        let collector = RunCollector(groups: selections, progress: progress,
                                     padsHistories: !plan.untilProven && plan.rerunFailures == nil)
        WorkerPool.run(workers: plan.workers, cancellation: context.cancellation, next: scheduler.next) { [executor, context] job, worker in
            let strategy = groups[job.group].strategy
            let start = context.now()
            let outputs = job.repetitions.map {
                executor.executeRepetitions(firstRunIndex: job.runIndex, count: $0, tests: job.tests, strategy: strategy,
                                            worker: worker)
            } ?? [executor.execute(runIndex: job.runIndex, tests: job.tests, strategy: strategy, worker: worker,
                                   isolated: job.isolated)]
            let end = context.now()
            for var output in outputs {
                output.record.worker = worker
                output.record.startSeconds = start.timeIntervalSince(started)
                output.record.endSeconds = end.timeIntervalSince(started)
                scheduler.record(output.results, group: job.group)
                collector.add(output, group: job.group)
            }
        }
        withExtendedLifetime(interrupt) {}
        progress?.finish()

        catalog.enrich(with: collector.declarations.values)
        let finished = context.now()
        var report = assembleReport(
            command: command, groups: groups, selections: selections, collector: collector, catalog: catalog,
            started: started, finished: finished, scheduler: scheduler, toolchain: toolchain)
        if plan.workers > 1, !context.cancellation.isCancelled {
            try SoloConfirmation(executor: executor, cancellation: context.cancellation,
                                 loadThreads: max(1, context.processorCount)).confirm(
                &report.tests, runs: report.runs, catalog: catalog, sessionRuns: plan.runs, workers: plan.workers,
                perturbed: plan.perturbation != nil, logDirectory: { try output.subfolder("logs/solo") }, status: status)
        }
        if plan.evidence, !context.cancellation.isCancelled {
            recordEvidence(&report.tests, catalog: catalog, executor: executor, scratch: scratch,
                           logDirectory: { try output.subfolder("logs/evidence") })
        }
        return Outcome(report: report, writtenFiles: try ReportWriter(folder: output).write(report, formats: plan.formats, replacingOthers: true))
    }

    private func assembleReport(
        command: String, groups: [RunGroup], selections: [[TestIdentity]], collector: RunCollector,
        catalog: TestCatalog, started: Date, finished: Date, scheduler: RunScheduler, toolchain: String?
    ) -> FlakeReport {
        var tests: [TestSummary] = []
        var strategies: [StrategySummary] = []
        let hints = HintDetector(index: SourceIndex(packagePath: plan.packagePath))
        for (index, group) in groups.enumerated() {
            var summaries = collector.summaries(group: index, confidence: plan.confidence,
                                                   targetFailureRate: plan.targetFailureRate)
            for position in summaries.indices {
                summaries[position].strategy = group.strategy
                let identity = catalog[summaries[position].id]
                summaries[position].apply(identity)
                summaries[position].applyHint(identity.flatMap(hints.reading(for:)))
                summaries[position].stopReason = scheduler.stopReason(group: index, id: summaries[position].id)
            }
            tests += summaries
            if let name = group.strategy {
                let records = collector.records.filter { $0.strategy == name }
                strategies.append(StrategySummary(
                    name: name, filter: group.filters.joined(separator: "|"), tests: summaries, runCount: records.count,
                    confidence: plan.confidence, records: records))
            }
        }
        tests.sort { ($0.id, $0.strategy ?? "") < ($1.id, $1.strategy ?? "") }
        plan.baseline?.apply(to: &tests, today: finished)
        let records = collector.records.sorted { ($0.strategy ?? "", $0.index) < ($1.strategy ?? "", $1.index) }
        var configuration = FlakeReport.Configuration(
            packagePath: plan.packagePath, filters: plan.filters, skips: plan.skips, runs: plan.runs,
            workers: plan.workers, mode: plan.mode.rawValue, timeoutSeconds: plan.timeout,
            buildConfiguration: plan.configuration, minPassRate: plan.minPassRate, confidence: plan.confidence,
            toolchain: toolchain, inputFiles: nil, shard: plan.shard, untilProven: plan.untilProven ? true : nil,
            notes: Self.notes(plan))
        configuration.targetFailureRate = plan.targetFailureRate
        configuration.rerunFailures = plan.rerunFailures
        configuration.failOnFlaky = plan.rerunFailures != nil ? plan.failOnFlaky : nil
        // A replay's seed is the replayed run's own: `--perturb-seed` with it would draw other conditions.
        configuration.perturbSeed = plan.replayed == nil ? plan.perturbation?.seed : nil
        configuration.exploreSchedules = configuration.perturbSeed != nil && plan.perturbation?.schedules == true ? true : nil
        configuration.replayed = plan.replayed
        // Under one replayed run's conditions no condition can stand out.
        if plan.perturbation != nil, plan.replayed == nil { ConditionRates.annotate(&tests, runs: records) }
        configuration.sanitizer = plan.sanitizer
        return FlakeReport.assemble(command: command, configuration: configuration, started: started, finished: finished,
                                    interrupted: context.cancellation.isCancelled, runs: records, tests: tests,
                                    strategies: strategies,
                                    sanitizerFindings: plan.sanitizer.map { _ in 
                                        SanitizerAttribution.findings(collector.sanitizerReports, packagePath: configuration.packagePath)
                                    })
            .worded()
    }

    /// What the report's `configuration.notes` must say for the numbers to be read right.
    static func notes(_ plan: RunPlan) -> [String]? {
        let notes = (plan.mode == .inProcess ? [inProcessNote] : [])
            + (plan.sanitizer != nil && plan.sanitizerSupportLibrary == nil ? [missingSanitizerSupportNote] : [])
        return notes.isEmpty ? nil : notes
    }

    static let missingSanitizerSupportNote = "libFlakeCheckSanitizerSupport.so is not next to flakecheck (build it with "
        + "`swift build --product FlakeCheckSanitizerSupport`, or set FLAKECHECK_SANITIZER_LIBRARY), so ThreadSanitizer "
        + "cannot see a contended Synchronization.Mutex: accesses it guards may be reported as races"

    static let inProcessNote = "in-process mode: Swift Testing tests were repeated inside one process per batch "
        + "(--repetitions), so process-wide state (globals, caches, singletons) was shared between repetitions; "
        + "XCTest tests ran one process per run."

    func status(_ message: String) {
        if !plan.quiet { context.stderr.write(message + "\n") }
    }

    /// Children get the user's environment, minus colour and the experimental console renderer, which
    /// would change the output flakecheck parses.
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        var child = environment
        child["NO_COLOR"] = "1"
        child.removeValue(forKey: "SWT_ENABLE_EXPERIMENTAL_CONSOLE_OUTPUT")
        child.removeValue(forKey: "SWT_SF_SYMBOLS_ENABLED")
        return child
    }
}

extension TestSummary {
    /// Records the hint, and for a flaky test whose hint names a fragile wait, what to do instead.
    mutating func applyHint(_ reading: HintDetector.Reading?) {
        hint = reading?.hint.rawValue
        hintGate = reading?.gate
        suggestion = verdict == .flaky ? reading?.hint.suggestion : nil
    }

    /// Fills in what discovery and the event stream know about the test.
    mutating func apply(_ identity: TestIdentity?) {
        guard let identity else { return }
        displayName = displayName ?? identity.displayName
        suiteDisplayName = suiteDisplayName ?? identity.suiteDisplayName
        if sourceLocation == nil, let path = identity.sourcePath {
            sourceLocation = identity.sourceLine.map { "\(path):\($0)" } ?? path
        }
    }
}
