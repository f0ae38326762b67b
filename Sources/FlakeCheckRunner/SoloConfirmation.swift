import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
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

    package typealias Tally = (passed: Int, counted: Int)

    /// The whole check: finds the suspects among `tests`, runs them with one worker, and notes what the
    /// solo runs showed. `logDirectory` is only created when there is something to check.
    package func confirm(
        _ tests: inout [TestFacts], runs: [RunRecord], catalog: TestCatalog, sessionRuns: Int, workers: Int,
        perturbed: Bool, logDirectory: () throws -> String, status: (String) -> Void
    ) throws {
        let suspects = WorkerOverlap.suspects(tests: tests, runs: runs)
        guard !suspects.isEmpty else { return }
        // Per strategy and suite with a suspect, the selected tests of that suite; the tallies are read for
        // the suspects only.
        let suiteOf = Dictionary(
            tests.map { (Self.key($0.strategy, $0.id), $0.suite) }, uniquingKeysWith: { a, _ in a })
        let groups = Set(
            suspects.compactMap { suspect in
                suiteOf[Self.key(suspect.strategy, suspect.id)].map {
                    Self.key(suspect.strategy, $0)
                }
            })
        let selections = groups.sorted().map { group in
            tests.filter { Self.key($0.strategy, $0.suite) == group }.map(\.id).sorted().compactMap { catalog[$0] }
        }
        let identities = Array(Set(suspects.map(\.id))).sorted().compactMap { catalog[$0] }
        guard !identities.isEmpty else { return }
        let soloRuns =
            suspects.map { WorkerOverlap.soloRuns(forFailureRate: $0.failureRate, sessionRuns: sessionRuns) }
            .max() ?? 10
        status(
            "Checking \(identities.count) test\(identities.count == 1 ? "" : "s") whose failures all overlapped "
                + "another worker's run: \(Formatting.count(soloRuns, "run")) beside the rest of "
                + "\(identities.count == 1 ? "its suite" : "their suites") with one worker…")
        var solo = self
        solo.executor.logDirectory = try logDirectory()
        solo.executor.logDirectoryName = "logs/solo"
        let failingRuns = Set(suspects.flatMap(\.failingRuns)).sorted()
        // The conditions the failing runs were recorded with (a run alone's share was learned, so they are
        // read from the records, not drawn again).
        let recorded = Dictionary(runs.map { ($0.index, $0.perturbation) }, uniquingKeysWith: { first, _ in first })
        let conditions = perturbed ? failingRuns.compactMap { recorded[$0] ?? nil } : []
        let suspectIDs = Set(identities.map(\.id))
        let alone = solo.run(selections, runs: soloRuns, conditions: conditions).filter { suspectIDs.contains($0.key) }
        let passedAlone = identities.filter { alone[$0.id].map { $0.counted > 0 && $0.passed == $0.counted } ?? false }
        var loaded: [String: Tally] = [:]
        if !passedAlone.isEmpty, !cancellation.isCancelled {
            status(
                "…and \(Formatting.count(soloRuns, "run")) with one worker and \(loadThreads) busy CPU thread"
                    + "\(loadThreads == 1 ? "" : "s")…")
            solo.executor.cpuLoadThreads = loadThreads
            let load = CPULoad(threads: loadThreads)
            let stillSuspected = Set(passedAlone.map(\.id))
            let loadedSelections = selections.filter { $0.contains { stillSuspected.contains($0.id) } }
            loaded = solo.run(loadedSelections, runs: soloRuns, conditions: conditions)
                .filter { stillSuspected.contains($0.key) }
            load.stop()
        }
        Self.annotate(&tests, suspects: suspects, alone: alone, loaded: loaded, workers: workers)
    }

    private static func key(_ strategy: String?, _ name: String) -> String { (strategy ?? "") + "\u{0}" + name }

    /// Per test ID: (passed, counted) over `runs` solo runs of each selection. Under `--perturb` the solo
    /// runs cycle through the recorded conditions of the failing runs (`conditions`), so the only thing
    /// taken away is the other worker.
    package func run(_ selections: [[TestIdentity]], runs: Int, conditions: [PerturbationConditions]) -> [String: Tally]
    {
        var solo = executor
        solo.workers = 1
        var tallies: [String: Tally] = [:]
        for number in 0..<runs where !cancellation.isCancelled {
            if !conditions.isEmpty { solo.perturbation?.fixed = conditions[number % conditions.count] }
            let results = selections.flatMap {
                solo.execute(runIndex: number, tests: $0, strategy: "solo-check", worker: 0).results
            }
            for (id, result) in results where result.outcome.isCounted {
                var tally = tallies[id] ?? (0, 0)
                tally.counted += 1
                if result.outcome == .passed { tally.passed += 1 }
                tallies[id] = tally
            }
        }
        return tallies
    }

    /// Adds a note to each suspect that passed every solo run, saying what the checks showed.
    package static func annotate(
        _ tests: inout [TestFacts], suspects: [WorkerOverlap.Suspect], alone: [String: Tally],
        loaded: [String: Tally], workers: Int
    ) {
        for index in tests.indices {
            guard
                let suspect = suspects.first(where: { $0.id == tests[index].id && $0.strategy == tests[index].strategy }
                ),
                let solo = alone[suspect.id], solo.counted > 0, solo.passed == solo.counted
            else { continue }
            let needed = WorkerOverlap.runsToSee(failureRate: suspect.failureRate)
            let load = loaded[suspect.id]
            let cause: WorkerOverlap.Note.Cause
            if let load, load.counted > 0, load.passed < load.counted {
                cause = .cpuContention
            } else if let load, load.counted >= needed, solo.counted >= needed {
                cause = .needsAnotherWorker
            } else {
                cause = .inconclusive
            }
            tests[index].workerOverlap = WorkerOverlap.Note(
                overlappingFailures: suspect.failures, soloRuns: solo.counted, soloPassed: solo.passed,
                loadedRuns: load?.counted, loadedPassed: load?.passed, cause: cause, failureRate: suspect.failureRate,
                runsNeeded: needed, workers: workers)
        }
    }

    package init(executor: RunExecutor, cancellation: CancellationFlag, loadThreads: Int) {
        self.executor = executor
        self.cancellation = cancellation
        self.loadThreads = loadThreads
    }
}
