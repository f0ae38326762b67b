import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// The second step of `WorkerOverlap`: runs the suspects again with one worker (nothing else running),
/// then, for those that passed every solo run, again with the CPUs kept busy (`CPULoad`). Each suspect
/// runs beside the selected tests of its own suite, only one process at a time: run alone in its process
/// it would lose the sibling tests that a race between parallel Swift Testing tests needs, and its passes
/// would be blamed on the missing worker (a global swapped by two parallel tests of one suite passed 50 of
/// 50 such runs, and failed in a median of 1 run with its siblings). The suite, not the whole selection,
/// keeps the check's cost that of the suspects on a suite of thousands of tests; a race with a test of
/// another suite is not covered, and the note says what ran. Another
/// worker's process brings two things: a share of the CPUs and whatever it holds (a port, a file). A test
/// that fails under load alone has a race CPU contention exposes; one that passes both needs the other
/// process itself (what they share, or how its work interleaves: not told apart here). A cause is named
/// only when the solo runs were enough to have shown the failure at the rate measured; otherwise the note
/// says the check was inconclusive. The solo runs are a check, not part
/// of the measured numbers, which stay as the parallel runs gave them.
package struct SoloConfirmation {
    var executor: RunExecutor
    package var cancellation: CancellationFlag
    /// Threads kept busy in the loaded check: one per CPU, as many as another worker could take.
    var loadThreads: Int
    /// `--recheck`: `auto` picks the runs from the failure rate, `runs(N)` takes N each way.
    var limit = RecheckLimit.auto
    /// Seconds the whole check may take (nil: no bound); a run starts only when one more fits.
    var allowedSeconds: Double?
    var now: @Sendable () -> Date = Date.init

    package typealias Tally = (passed: Int, counted: Int)

    /// What the solo runs of one phase gave: per test its tally, and what they cost.
    package struct Phase {
        package var tallies: [String: Tally] = [:]
        package var runs = 0
        package var processes = 0
        package var stoppedForTime = false
    }

    /// The whole check: finds the suspects among `tests`, runs them with one worker, and notes what the
    /// solo runs showed; nil when there was nothing to check. `logDirectory` is only created when there is
    /// something to check.
    package func confirm(
        _ tests: inout [TestFacts], runs: [RunRecord], catalog: TestCatalog, sessionRuns: Int, workers: Int,
        perturbed: Bool, logDirectory: () throws -> String, status: (String) -> Void
    ) throws -> RecheckSummary? {
        guard limit != .off else { return nil }
        let suspects = WorkerOverlap.suspects(tests: tests, runs: runs)
        guard !suspects.isEmpty else { return nil }
        // Per strategy and suite with a suspect, the selected tests of that suite; the tallies are read for
        // the suspects only.
        let suiteOf = Dictionary(
            tests.map { (StrategyKey($0.strategy, $0.id), $0.suite) }, uniquingKeysWith: { a, _ in a })
        let groups = Set(
            suspects.compactMap { suspect in
                suiteOf[StrategyKey(suspect.strategy, suspect.id)].map {
                    StrategyKey(suspect.strategy, $0)
                }
            })
        let selections = groups.sorted().map { group in
            tests.filter { StrategyKey($0.strategy, $0.suite) == group }.map(\.id).sorted().compactMap { catalog[$0] }
        }
        let identities = Array(Set(suspects.map(\.id))).sorted().compactMap { catalog[$0] }
        guard !identities.isEmpty else { return nil }
        let soloRuns: Int
        if case .runs(let runs) = limit {
            soloRuns = runs
        } else {
            soloRuns =
                suspects.map { WorkerOverlap.soloRuns(forFailureRate: $0.failureRate, sessionRuns: sessionRuns) }
                .max() ?? 10
        }
        let bound = allowedSeconds.map { " within \(Formatting.seconds($0))" } ?? ""
        status(
            "Checking \(identities.count) test\(identities.count == 1 ? "" : "s") whose failures all overlapped "
                + "another worker's run: up to \(Formatting.count(soloRuns, "run")) beside the rest of "
                + "\(identities.count == 1 ? "its suite" : "their suites") with one worker\(bound) (--recheck)…")
        let started = now()
        // With a time bound, the runs alone may take half of it, so the runs under load still get theirs.
        let aloneDeadline = allowedSeconds.map { started.addingTimeInterval($0 / 2) }
        let deadline = allowedSeconds.map { started.addingTimeInterval($0) }
        var solo = self
        solo.executor.logDirectory = try logDirectory()
        solo.executor.logDirectoryName = "logs/solo"
        let failingRuns = Set(suspects.flatMap(\.failingRuns)).sorted()
        // The conditions the failing runs were recorded with (a run alone's share was learned, so they are
        // read from the records, not drawn again).
        let recorded = Dictionary(runs.map { ($0.index, $0.perturbation) }, uniquingKeysWith: { first, _ in first })
        let conditions = perturbed ? failingRuns.compactMap { recorded[$0] ?? nil } : []
        let suspectIDs = Set(identities.map(\.id))
        var alone = solo.run(selections, runs: soloRuns, conditions: conditions, deadline: aloneDeadline)
        alone.tallies = alone.tallies.filter { suspectIDs.contains($0.key) }
        let passedAlone = identities.filter {
            alone.tallies[$0.id].map { $0.counted > 0 && $0.passed == $0.counted } ?? false
        }
        var loaded = Phase()
        if !passedAlone.isEmpty, !cancellation.isCancelled, deadline.map({ now() < $0 }) ?? true {
            status(
                "…and up to \(Formatting.count(soloRuns, "run")) with one worker and \(loadThreads) busy CPU thread"
                    + "\(loadThreads == 1 ? "" : "s")…")
            solo.executor.cpuLoadThreads = loadThreads
            let load = CPULoad(threads: loadThreads)
            let stillSuspected = Set(passedAlone.map(\.id))
            let loadedSelections = selections.filter { $0.contains { stillSuspected.contains($0.id) } }
            loaded = solo.run(loadedSelections, runs: soloRuns, conditions: conditions, deadline: deadline)
            loaded.tallies = loaded.tallies.filter { stillSuspected.contains($0.key) }
            load.stop()
        }
        Self.annotate(&tests, suspects: suspects, alone: alone.tallies, loaded: loaded.tallies, workers: workers)
        return RecheckSummary(
            tests: identities.count, aloneRuns: alone.runs, loadedRuns: loaded.runs,
            processes: alone.processes + loaded.processes, seconds: now().timeIntervalSince(started),
            limit: limit.description, allowedSeconds: allowedSeconds,
            stoppedForTime: alone.stoppedForTime || loaded.stoppedForTime)
    }


    /// Per test ID: (passed, counted) over up to `runs` solo runs of each selection: the first while time is
    /// left before `deadline`, each next one only when one more fits (judged by the slowest so far). Under
    /// `--perturb` the solo runs cycle through the recorded conditions of the failing runs (`conditions`),
    /// so the only thing taken away is the other worker.
    package func run(
        _ selections: [[TestIdentity]], runs: Int, conditions: [PerturbationConditions], deadline: Date? = nil
    ) -> Phase {
        var solo = executor
        solo.workers = 1
        var phase = Phase()
        var slowest = 0.0
        for number in 0..<runs where !cancellation.isCancelled {
            // The first run starts while any time is left (a run with one worker is quicker than the
            // session's, which shared the CPUs); the next ones only when one more fits, judged by the
            // slowest solo run so far.
            if let deadline, phase.runs == 0 ? now() >= deadline : now().addingTimeInterval(slowest) > deadline {
                phase.stoppedForTime = true
                break
            }
            if !conditions.isEmpty { solo.perturbation?.fixed = conditions[number % conditions.count] }
            let start = now()
            let outputs = selections.map {
                solo.execute(runIndex: number, tests: $0, strategy: "solo-check", worker: 0)
            }
            let took = now().timeIntervalSince(start)
            slowest = max(slowest, took)
            phase.runs += 1
            phase.processes += outputs.reduce(0) { $0 + $1.record.processes.count }
            for (id, result) in outputs.flatMap(\.results) where result.outcome.isCounted {
                var tally = phase.tallies[id] ?? (0, 0)
                tally.counted += 1
                if result.outcome == .passed { tally.passed += 1 }
                phase.tallies[id] = tally
            }
        }
        return phase
    }

    /// Adds a note to each suspect the solo runs reached, saying what they showed: a failure alone, a
    /// timing check that one worker does not fail, or what the runs under load add.
    package static func annotate(
        _ tests: inout [TestFacts], suspects: [WorkerOverlap.Suspect], alone: [String: Tally],
        loaded: [String: Tally], workers: Int
    ) {
        for index in tests.indices {
            guard
                let suspect = suspects.first(where: { $0.id == tests[index].id && $0.strategy == tests[index].strategy }
                ),
                let solo = alone[suspect.id], solo.counted > 0
            else { continue }
            let needed = WorkerOverlap.runsToSee(failureRate: suspect.failureRate)
            let load = loaded[suspect.id]
            let cause: WorkerOverlap.Note.Cause
            let timing = Self.timingCheck(of: tests[index])
            if solo.passed < solo.counted {
                cause = .failsAlone
            } else if timing != nil {
                cause = .timingUnderLoad
            } else if let load, load.counted > 0, load.passed < load.counted {
                cause = .cpuContention
            } else if let load, load.counted >= needed, solo.counted >= needed {
                cause = .needsAnotherWorker
            } else {
                cause = .inconclusive
            }
            var note = WorkerOverlap.Note(
                overlappingFailures: suspect.failures, soloRuns: solo.counted, soloPassed: solo.passed,
                loadedRuns: load?.counted, loadedPassed: load?.passed, cause: cause, failureRate: suspect.failureRate,
                runsNeeded: needed, workers: workers)
            if cause == .timingUnderLoad { note.timing = timing }
            tests[index].workerOverlap = note
        }
    }

    /// The timing check every failure of the test shows, when each failing run failed (no crash or timeout)
    /// and all its messages read as one kind of timing check.
    static func timingCheck(of test: TestFacts) -> TimingCheck? {
        let history = test.tally.history
        guard history.contains(where: \.isFailure), history.allSatisfy({ !$0.isFailure || $0 == .failed }),
            test.tally.otherFailures == 0
        else { return nil }
        return TimingFailure.check(inAll: test.tally.failureCounts.values.map(\.example))
    }

    package init(executor: RunExecutor, cancellation: CancellationFlag, loadThreads: Int) {
        self.executor = executor
        self.cancellation = cancellation
        self.loadThreads = loadThreads
    }
}
