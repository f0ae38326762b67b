import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// Executes one run: starts the processes for the selected tests, parses their output as it streams,
/// re-runs what a crash left unfinished, and keeps the log when something went wrong.
package struct RunExecutor: Sendable {
    package var factory: InvocationFactory
    package var launcher: any ProcessLaunching
    package var catalog: TestCatalog
    /// Absolute folder for run logs, and the same folder relative to the output folder for the report.
    package var logDirectory: String
    package var logDirectoryName: String
    package var cancellation: CancellationFlag
    /// Numbers each launched process, so its scratch files are its own (shared by copies of the executor).
    package let serial = ProcessSerial()
    /// The most bytes a run's log keeps (`RunLog`): its head and its tail.
    package var maximumLogBytes = RunLog.defaultMaximumBytes
    /// How many workers run at once; test processes get it as `FLAKECHECK_WORKERS`.
    package var workers = 1
    /// `--perturb`: the conditions each run's processes are started under.
    package var perturbation: PerturbationPlan?
    /// Threads `CPULoad` keeps busy during these runs (the solo check under load); test processes get it
    /// as `FLAKECHECK_CPU_LOAD`, so a test or fixture can tell.
    var cpuLoadThreads = 0
    /// Set in every process this executor starts (the evidence pass's recorder); `LD_PRELOAD` is added to.
    var addedEnvironment: [String: String] = [:]
    /// `--sanitize thread`: the folder each process's ThreadSanitizer reports go to, a file per process.
    package var sanitizerLogDirectory: String?
    /// An incident in words for the run log's note. Reporting words incidents, and the Runner cannot use it
    /// (they are siblings), so the command hands its wording in; on its own the note names the kind only.
    var incidentWording: @Sendable (RunIncident) -> String = { _ in "" }

    package init(
        factory: InvocationFactory, launcher: any ProcessLaunching, catalog: TestCatalog,
        logDirectory: String, logDirectoryName: String, cancellation: CancellationFlag
    ) {
        self.factory = factory
        self.launcher = launcher
        self.catalog = catalog
        self.logDirectory = logDirectory
        self.logDirectoryName = logDirectoryName
        self.cancellation = cancellation
    }

    /// One run of `tests`: in as few processes as the frameworks and argument limits allow, or, `isolated`,
    /// each test in a process of its own (reruns, where a test must not share its process with another).
    /// The run's `--perturb` conditions are drawn here, from the plan alone: the session's runs come with
    /// theirs, drawn once by the run loop (`execute(runIndex:tests:strategy:worker:isolated:conditions:)`).
    package func execute(
        runIndex: Int, tests: [TestIdentity], strategy: String? = nil, worker: Int = 0,
        isolated: Bool = false
    ) -> RunOutput {
        execute(
            runIndex: runIndex, tests: tests, strategy: strategy, worker: worker, isolated: isolated,
            conditions: perturbation?.conditions(forRun: runIndex))
    }

    /// One run under `conditions`, drawn once for it: every process of the run starts under them, its
    /// pairs apart are theirs, and its record holds them.
    func execute(
        runIndex: Int, tests: [TestIdentity], strategy: String?, worker: Int, isolated: Bool,
        conditions: PerturbationConditions?
    ) -> RunOutput {
        let fileName = String(format: "run-%05d", runIndex + 1) + (strategy.map { "-" + Self.slug($0) } ?? "") + ".log"
        let log = RunLog(path: "\(logDirectory)/\(fileName)", maximumBytes: maximumLogBytes)
        var state = RunState()
        let (batches, applied) =
            isolated
            ? (tests.map { Batch(tests: [$0], suspicion: nil) }, [])
            : Self.batches(of: tests, pairsApart: conditions?.pairsApart)
        settle(batches, of: tests, runIndex: runIndex, worker: worker, conditions: conditions, log: log, state: &state)
        for incident in state.incidents { log.note(Self.note(incident, incidentWording)) }
        let kept = log.finish(
            keep: Self.needsLog(
                state.results.values, processes: state.processes,
                incidents: !state.incidents.isEmpty || !state.sanitizerReports.isEmpty))
        return output(
            of: state, runIndex: runIndex, strategy: strategy,
            logPath: kept ? "\(logDirectoryName)/\(fileName)" : nil, logError: log.writeError,
            conditions: conditions, pairsApart: applied)
    }

    /// Runs the batches, then what each process leaves unsettled, until every test of `tests` has its
    /// outcome for this run: tests a crash (or a summary-and-exit) left unstarted get a fresh process,
    /// suspects of a parallel crash are run alone. The one place a process's analysis becomes results.
    package func settle(
        _ batches: [Batch], of tests: [TestIdentity], runIndex: Int, worker: Int,
        conditions: PerturbationConditions?, log: RunLog, state: inout RunState
    ) {
        let byID = Dictionary(tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var queue = batches
        // Every retry either settles a test or splits a group, so this bound is never reached in practice;
        // it only guarantees termination against a process that misbehaves in some new way.
        var budget = tests.count * 4 + 4
        while !queue.isEmpty, budget > 0, !cancellation.isCancelled {
            budget -= 1
            let batch = queue.removeFirst()
            for invocation in factory.invocations(for: batch.tests, tag: "p\(serial.take())")
                .map({ identified($0, runIndex: runIndex, worker: worker, conditions: conditions) })
            {
                guard !cancellation.isCancelled else { break }
                let invocation = readingConsoleOnlyIfAsked(invocation, conditions: conditions, state: &state)
                let analysis = run(invocation, log: log, state: &state)
                queue += absorb(
                    analysis, suspicion: batch.suspicion, testCount: invocation.testIDs.count, byID: byID,
                    state: &state)
            }
        }
        state.settleSuspicions(interrupted: cancellation.isCancelled)
        state.accountForEveryTest(tests.map(\.id), interrupted: cancellation.isCancelled)
    }

    /// The process without its event stream when the run's conditions ask for it, it holds several tests
    /// and the console names them apart; otherwise as it is. The stream spaces parallel tests apart, which
    /// hides their races; a process of one test has none to space apart, and a race within one test showed
    /// more often with the stream than without it (the example's global counter from two child tasks, runs
    /// alone, release build, 2026-11-28: 23, 28 and 28 of 40 with it, 2, 11 and 18 of 40 without).
    func readingConsoleOnlyIfAsked(
        _ invocation: TestInvocation, conditions: PerturbationConditions?,
        state: inout RunState
    ) -> TestInvocation {
        guard invocation.eventStreamPath != nil, conditions?.consoleOnly == true, invocation.testIDs.count > 1,
            catalog.consoleNamesApart(invocation.testIDs),
            let quieter = invocation.readingConsoleOnly()
        else { return invocation }
        state.hadConsoleOnlyProcess = true
        return quieter
    }

    /// Takes one process's results into the run and returns what must run next to settle the rest.
    func absorb(
        _ analysis: InvocationAnalysis, suspicion: Int?, testCount: Int, byID: [String: TestIdentity],
        state: inout RunState
    ) -> [Batch] {
        var next: [Batch] = []
        for (id, result) in analysis.results {
            state.results[id] = result
            if let suspicion { state.recordApart(result.outcome, of: id, for: suspicion) }
        }
        // A name the listing lacks is no test of this package: its result is an incident, not a test.
        for unknown in analysis.unknownTests {
            guard let result = state.results.removeValue(forKey: unknown.id) else { continue }
            state.incidents.append(
                RunIncident(
                    kind: .unlistedName, candidates: [unknown.id],
                    cause: .reportedUnlisted(outcome: result.outcome)))
        }
        next += analysis.retries.map { Batch(tests: $0.compactMap { byID[$0] }, suspicion: nil) }
        if let suspects = analysis.suspects {
            state.suspicions.append(RunState.Suspicion(suspects: suspects, parent: suspicion))
            let number = state.suspicions.count - 1
            next += Self.apart(suspects.candidates.compactMap { byID[$0] }).map { Batch(tests: $0, suspicion: number) }
        }
        if !analysis.lost.isEmpty {
            state.incidents.append(
                RunIncident(
                    kind: .lostResults, candidates: analysis.lost,
                    cause: .endedWithoutResults(missing: analysis.lost.count, tests: testCount)))
        }
        state.incidents += analysis.summaryShortfalls.map { RunIncident(kind: .lostResults, candidates: [], cause: $0) }
        return next
    }

    /// How suspects are run apart: each alone when there are few; otherwise in two halves, so a group that
    /// ends badly again is split in its turn and the one that does it is found in about 2·log2(n)
    /// processes, not n (a suite of 500 tests whose process aborts at exit every run).
    static func apart(_ suspects: [TestIdentity]) -> [[TestIdentity]] {
        guard suspects.count > maximumRunAlone else { return suspects.map { [$0] } }
        let half = suspects.count / 2
        return [Array(suspects[..<half]), Array(suspects[half...])]
    }

    /// Up to this many suspects are each run alone at once.
    static let maximumRunAlone = 3

    /// The run's record and results; `logPath` is the kept log's path relative to the output folder. The
    /// record has the `--perturb` conditions of run `conditionsRun` (nil: none), with the pairs that ran
    /// apart (`pairsApart`), not those drawn: a pair not wholly in the run's tests stayed with the rest.
    package func output(
        of state: RunState, runIndex: Int, strategy: String?, logPath: String?, logError: String?,
        conditions: PerturbationConditions?, pairsApart: [[String]] = []
    ) -> RunOutput {
        var output = RunOutput(
            record: RunRecord(
                index: runIndex, strategy: strategy, processes: state.processes, logPath: logPath,
                incidents: state.incidents),
            results: state.results, declarations: state.declarations,
            sanitizerReports: state.sanitizerReports)
        output.record.logError = logError
        output.record.sanitizerReports = state.sanitizerReports.isEmpty ? nil : state.sanitizerReports.count
        output.record.perturbation = perturbation == nil ? nil : conditions
        output.record.perturbation?.pairsApart = pairsApart.isEmpty ? nil : pairsApart
        output.record.perturbation?.consoleOnly = state.hadConsoleOnlyProcess ? true : nil
        return output
    }

    /// A run's log is kept when something needs diagnosing: a failure, a signal or timeout, an incident.
    static func needsLog(
        _ results: some Sequence<TestResult>, processes: [RunRecord.ProcessRecord],
        incidents: Bool
    ) -> Bool {
        incidents || results.contains { $0.outcome.isFailure } || processes.contains { $0.signal != nil || $0.timedOut }
    }

    /// Tells the test process which worker and run it belongs to, so a test that needs a port or a file
    /// of its own can derive one (`FLAKECHECK_WORKER` 0-based, `FLAKECHECK_RUN` 1-based as in log names).
    func identified(
        _ invocation: TestInvocation, runIndex: Int, worker: Int, conditions: PerturbationConditions?
    ) -> TestInvocation {
        var invocation = invocation
        invocation.request.environment["FLAKECHECK_WORKER"] = String(worker)
        invocation.request.environment["FLAKECHECK_WORKERS"] = String(workers)
        invocation.request.environment["FLAKECHECK_RUN"] = String(runIndex + 1)
        if cpuLoadThreads > 0 { invocation.request.environment["FLAKECHECK_CPU_LOAD"] = String(cpuLoadThreads) }
        for (key, value) in addedEnvironment {
            let existing = key == "LD_PRELOAD" ? invocation.request.environment[key].map { $0 + ":" } ?? "" : ""
            invocation.request.environment[key] = existing + value
        }
        if let perturbation, let conditions {
            invocation.request = perturbation.apply(conditions, to: invocation.request)
        }
        // Beside flakecheck's own busy threads (the busy-CPUs arm, the solo check under load) a reader at idle
        // priority would hardly run, and a chatty test would wait on its full pipe: it reads as before.
        if cpuLoadThreads > 0 || conditions?.arm == .busyCPUs {
            invocation.request.readsOutputAtIdlePriority = false
        }
        return invocation
    }

    /// The run's processes, and the pairs among them: one process for all of `tests`, or, for a run whose
    /// `--perturb` conditions hold pairs apart (`PerturbationConditions.pairsApart`), each pair's two tests
    /// in a process of their own first, then the rest in another. A pair that is not wholly in this run's
    /// tests (a test `--until-proven` has settled, a replay without the partner) stays with the rest and is
    /// not among the pairs returned, which are what the run's record says.
    package static func batches(of tests: [TestIdentity], pairsApart: [[String]]?) -> (
        batches: [Batch], pairs: [[String]]
    ) {
        var rest = tests
        var batches: [Batch] = []
        var applied: [[String]] = []
        for pairIDs in pairsApart ?? [] {
            let pair = rest.filter { pairIDs.contains($0.id) }
            guard pair.count == 2, rest.count > 2 else { continue }
            batches.append(Batch(tests: pair, suspicion: nil))
            applied.append(pairIDs)
            rest.removeAll { pairIDs.contains($0.id) }
        }
        return (batches + [Batch(tests: rest, suspicion: nil)], applied)
    }

    /// Tests to start in one go; `suspicion` marks a suspect re-run alone after a crash or timeout.
    package struct Batch {
        package var tests: [TestIdentity]
        var suspicion: Int?
    }

    /// The run log's line for an incident: its kind, then the command's wording of it when there is one.
    static func note(_ incident: RunIncident, _ wording: (RunIncident) -> String) -> String {
        let words = wording(incident)
        return "<== \(incident.kind.rawValue)" + (words.isEmpty ? "" : ": " + words)
    }

    static func slug(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
    }
}
