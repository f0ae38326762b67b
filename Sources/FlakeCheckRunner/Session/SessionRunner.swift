import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// The backbone of `run`, `compare` and `demo`: build once, discover, select, execute every run over
/// the workers, aggregate, and hand back the report. One direction only; each stage is a value in,
/// value out, and the process boundary is the context's launcher.
package struct SessionRunner {
    package var plan: RunPlan
    package var context: SessionContext
    /// Reporting's words for the status lines and run logs, handed in by the command.
    package var wording = SessionWording()

    package init(plan: RunPlan, context: SessionContext) {
        self.plan = plan
        self.context = context
    }

    /// Lists the selected tests (for `flakecheck list`), building first unless told not to.
    package func discover() throws -> [TestIdentity] {
        let scratch = NSTemporaryDirectory() + "flakecheck-list-\(getpid())-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let interrupt = installInterruptHandler()
        defer { withExtendedLifetime(interrupt) {} }
        let (_, catalog, _) = try buildAndDiscover(scratch: scratch)
        return try TestSelection(filters: plan.selection.filters, skips: plan.selection.skips).select(from: catalog)
    }

    /// Checks the package, builds it once (unless `--no-build`), finds the test binary and lists its tests
    /// (or takes the list from the build's cache, which it returns for the toolchain version).
    func buildAndDiscover(scratch: String, buildLog: (path: String, shownAs: String)? = nil) throws
        -> (binary: String, catalog: TestCatalog, cache: DiscoveryCache?)
    {
        if let xcode = plan.xcode {
            let (xctestrun, catalog) = try buildForTesting(xcode)
            return (xctestrun, catalog, nil)
        }
        if let archive = plan.build.archive { return try unpack(archive, scratch: scratch) }
        guard FileManager.default.fileExists(atPath: plan.packagePath + "/Package.swift") else {
            throw FlakeCheckError.packageNotFound(plan.packagePath)
        }
        if plan.build.buildsFirst {
            status("Building tests in \(plan.packagePath) (\(plan.build.configuration))…")
            let log = buildLog.map { RunLog(path: $0.path) }
            var shown = 0
            do {
                try stage("the build: `swift build` and its process group were stopped") {
                    try builder.build(cancellation: context.cancellation) { line in
                        log?.note(line)
                        shown += 1
                        // Without a log to hold the rest (`list`), every line is shown, as before.
                        guard !plan.quiet, log == nil || shown <= Self.shownBuildLines else { return }
                        context.stderr.write(
                            shown < Self.shownBuildLines || log == nil
                                ? "  \(line)\n"
                                : "  … the rest of the build's output goes to \(buildLog!.shownAs)\n")
                    }
                }
                _ = log?.finish(keep: true)
            } catch FlakeCheckError.buildFailed(let command, let diagnostics) where log != nil {
                _ = log?.finish(keep: true)
                throw FlakeCheckError.buildFailed(
                    command: command, diagnostics: diagnostics + "\n(the whole build output: \(buildLog!.shownAs))")
            }
        }
        let binary = try stage("discovery: `swift build --show-bin-path` was stopped") {
            try builder.testBinary(cancellation: context.cancellation)
        }
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw FlakeCheckError.testBinaryMissing(binary)
        }
        let cache = DiscoveryCache(testBinary: binary, environment: environment)
        let catalog = try stage("discovery: listing the tests was stopped") {
            // A macOS test bundle cannot list its own tests; `swift test list` loads it the way SwiftPM does.
            guard TestPlatform.current == .linux else {
                return TestCatalog(try builder.listedTests(cancellation: context.cancellation))
            }
            if let tests = cache.tests(of: binary) { return TestCatalog(tests) }
            let listing = try TestDiscoverer(
                testBinary: binary, environment: environment, workingDirectory: plan.packagePath,
                scratchDirectory: scratch, launcher: context.launcher
            )
            .listing(cancellation: context.cancellation)
            // A listing not read whole is used once and never cached: the next run lists again.
            if listing.undeclared > 0 {
                context.stderr.write(
                    "warning: the Swift Testing listing's event stream "
                        + (listing.wroteEventStream ? "could not be read whole" : "was not written")
                        + "; \(Formatting.count(listing.undeclared, "test")) taken from its console list instead, and "
                        + "this list is not cached\n")
            } else {
                cache.storeTests(listing.catalog.tests, of: binary)
            }
            return listing.catalog
        }
        return (binary, catalog, cache)
    }

    func xcodebuildCommandLine(_ xcode: RunPlan.XcodeSelection) -> XcodebuildCommandLine {
        XcodebuildCommandLine(
            scheme: xcode.scheme, workspace: xcode.workspace.map(context.absolutePath),
            project: xcode.project.map(context.absolutePath), destination: xcode.destination,
            derivedDataPath: plan.packagePath + "/.build/flakecheck-xcode")
    }

    /// `--xcode`: `xcodebuild build-for-testing` once (`XcodeBuilder`); the tests are the ones
    /// `--only-testing` names, and the "binary" is the `.xctestrun` file each run's `test-without-building` reads.
    private func buildForTesting(_ xcode: RunPlan.XcodeSelection) throws -> (binary: String, catalog: TestCatalog) {
        let builder = XcodeBuilder(
            commandLine: xcodebuildCommandLine(xcode), workingDirectory: plan.packagePath,
            environment: environment, launcher: context.launcher)
        if plan.build.buildsFirst {
            status("Building \(xcode.scheme) for testing (xcodebuild build-for-testing)…")
            try stage("the build: `xcodebuild build-for-testing` was stopped") {
                try builder.build(cancellation: context.cancellation)
            }
        }
        return (
            try builder.xctestrun(), TestCatalog(xcode.onlyTesting.map(XcodebuildCommandLine.identity(onlyTesting:)))
        )
    }

    /// How much of a build's output the terminal shows: a package whose tests do not compile printed
    /// 362,745 lines before "the build failed"; the rest is in `logs/build.log`, and the first errors come
    /// with the failure.
    package static let shownBuildLines = 40

    /// Runs one stage before the test runs; a Ctrl-C during it (the launcher has already stopped the
    /// stage's process group) becomes one clear "interrupted during …" error instead of a build failure.
    package func stage<T>(_ what: String, _ body: () throws -> T) throws -> T {
        let value: T
        do {
            value = try body()
        } catch FlakeCheckError.interrupted(let during) {
            // The stage said more precisely what it stopped (the build: whether its compilers are gone).
            throw FlakeCheckError.interrupted(during: during)
        } catch  where context.cancellation.isCancelled {
            throw FlakeCheckError.interrupted(during: what)
        }
        if context.cancellation.isCancelled { throw FlakeCheckError.interrupted(during: what) }
        return value
    }

    /// Ctrl-C from the very start, so a press during the build stops `swift build` too (it runs in its own
    /// process group, which the terminal's SIGINT does not reach).
    func installInterruptHandler() -> InterruptHandler? {
        guard context.handlesInterrupts else { return nil }
        return InterruptHandler(
            cancellation: context.cancellation,
            onFirst: { [context] in
                context.stderr.write(
                    "\nInterrupted: stopping what is running; the finished runs' report will be written (press Ctrl-C "
                        + "again to stop every test process at once)…\n")
            },
            onSecond: { [context] in
                context.stderr.write(
                    "\nInterrupted again: killing every test process now; writing the report (a third Ctrl-C quits "
                        + "without it)…\n")
                context.launcher.killAll()
            })
    }

    package var environment: [String: String] { Self.childEnvironment(context.environment) }

    /// `swift --version`, asked once per toolchain (a large share of every start before the cache).
    package func toolchainVersion(cache: DiscoveryCache?) -> String? {
        let swift = builder.swiftExecutable
        if let cached = cache?.toolchain(swiftExecutable: swift, environment: environment) { return cached }
        let version = builder.toolchainVersion(cancellation: context.cancellation)
        if let version { cache?.storeToolchain(version, swiftExecutable: swift, environment: environment) }
        return version
    }

    private var builder: PackageBuilder {
        var builder = PackageBuilder(
            packagePath: plan.packagePath, configuration: plan.build.configuration,
            environment: environment, launcher: context.launcher)
        builder.binPath = plan.build.binPath
        builder.sanitizer = plan.run.sanitizer
        return builder
    }

    /// The pipeline, one call per stage: build and discovery → selection → executor → runs → each test's
    /// facts → solo check → runtime evidence → sanitizer findings → summaries and report. What each stage
    /// decides is in its own function (`SessionRunner+Stages.swift`); the command locks the output folder
    /// before and writes the report's files after.
    package func run(groups: [RunGroup], command: String, in folder: SessionPaths) throws -> FlakeReport {
        let started = context.now()
        // Held to the end, so a Ctrl-C during the solo check or the evidence pass stops them, not flakecheck.
        let interrupt = installInterruptHandler()
        defer { withExtendedLifetime(interrupt) {} }
        // A bad or shallow `--changed-since` ref is said before the build, not after it.
        if let revision = plan.selection.changedSince {
            try GitChanges(
                packagePath: plan.packagePath, environment: environment, launcher: context.launcher,
                cancellation: context.cancellation
            ).verify(revision)
        }
        let discovered = try buildAndDiscover(
            scratch: folder.scratch, buildLog: ("\(folder.logs)/build.log", "\(folder.logsShownAs)/build.log"))
        var catalog = discovered.catalog
        let toolchain = toolchainVersion(cache: discovered.cache)
        var selections = try groups.map {
            try TestSelection(filters: $0.filters, skips: $0.skips).select(from: catalog)
        }
        // Read once: `--changed-since` follows its calls, and the hints read it again after the runs.
        let changeGraph = plan.selection.changedSince == nil ? nil : callGraph(besideBinary: discovered.binary)
        let changes =
            try plan.selection.changedSince.map { try changedTests(since: $0, in: catalog, graph: changeGraph) } ?? [:]
        if let revision = plan.selection.changedSince {
            selections = selections.map { $0.filter { changes[$0.id] != nil } }
            guard selections.contains(where: { !$0.isEmpty }) else { throw FlakeCheckError.nothingChanged(revision) }
        }
        let executor = try makeExecutor(
            binary: discovered.binary, catalog: catalog, folder: folder, toolchain: toolchain)
        announceConditions()
        let scheduler = makeScheduler(for: selections)
        announceRuns(of: selections, groups: groups, plannedRuns: scheduler.plannedRuns)
        // The package's sources and index are read once: before the runs only when `--hunt` opens with the
        // hints, else after them, so a run session's first run is not kept waiting.
        let readHints = {
            HintDetector(
                index: SourceIndex(packagePath: plan.packagePath),
                callGraph: changeGraph ?? callGraph(besideBinary: discovered.binary))
        }
        // `--perturb`: the session's learner lives here, for this session, not in the plan.
        let draws = plan.perturbation.map { RunConditions(plan: $0) }
        // The hunt's opening: kept from a session on the same build, else read now (and the
        // hints then serve the report too).
        var earlyHints: HintDetector?
        var opening: [String: OpeningReading]?
        if draws?.learner != nil {
            let ids = selections.joined().map(\.id)
            let identity = DiscoveryCache.openingIdentity(testBinary: discovered.binary)
            opening = identity.flatMap { discovered.cache?.openingReadings(for: ids, identity: $0) }
            if opening == nil {
                let hints = readHints()
                earlyHints = hints
                let read = leadingReadings(selections, hints: hints).mapValues {
                    OpeningReading(hint: $0.hint, sharesState: $0.sharesState, pollsAProxy: $0.pollsAProxy)
                }
                opening = read
                if let identity { discovered.cache?.storeOpeningReadings(read, identity: identity) }
            }
        }
        let collector = execute(
            scheduler, selections: selections, groups: groups, executor: executor, draws: draws,
            opening: opening, started: started)
        let measured = MeasuredRuns(
            collector: collector, finished: context.now(), interrupted: context.cancellation.isCancelled)
        catalog.enrich(with: collector.declarations.values)
        var facts = gatherFacts(
            groups: groups, measured: measured, catalog: catalog, scheduler: scheduler,
            hints: earlyHints ?? readHints())
        for index in facts.indices { facts[index].change = changes[facts[index].id] }
        let recheck = try confirmSolo(
            &facts, runs: measured.records, executor: executor, catalog: catalog, folder: folder, started: started)
        if plan.schedule.recordsEvidence, !context.cancellation.isCancelled {
            recordEvidence(
                &facts, catalog: catalog, executor: executor, scratch: folder.scratch,
                logDirectory: { try folder.outputSubfolder("logs/evidence") })
        }
        let findings = sanitizerFindings(measured, facts: facts, executor: executor, catalog: catalog, folder: folder)
        var report = assembleReport(
            command: command, groups: groups, facts: facts, measured: measured, started: started,
            toolchain: toolchain, findings: findings, learner: draws?.learner)
        report.recheck = recheck
        return report
    }

    package func status(_ message: String) {
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
