/// The second step of `WorkerOverlap`: runs the suspects again with one worker (nothing else running),
/// and keeps the note for each suspect that passed every solo run. The solo runs are a check, not part
/// of the measured numbers, which stay as the parallel runs gave them.
struct SoloConfirmation {
    var executor: RunExecutor
    var cancellation: CancellationFlag

    /// The whole check: finds the suspects among `tests`, runs them with one worker, and notes those that
    /// passed every solo run. `logDirectory` is only created when there is something to check.
    func confirm(_ tests: inout [TestSummary], runs: [RunRecord], catalog: TestCatalog, sessionRuns: Int, workers: Int,
                 perturbed: Bool, logDirectory: () throws -> String, status: (String) -> Void) throws {
        let suspects = WorkerOverlap.suspects(tests: tests, runs: runs)
        let identities = Array(Set(suspects.map(\.id))).sorted().compactMap { catalog[$0] }
        guard !identities.isEmpty else { return }
        let soloRuns = suspects.map { WorkerOverlap.soloRuns(forFailureRate: $0.failureRate, sessionRuns: sessionRuns) }
            .max() ?? 10
        status("Checking \(identities.count) test\(identities.count == 1 ? "" : "s") whose failures all overlapped "
               + "another worker's run: \(Formatting.count(soloRuns, "run")) with one worker…")
        var solo = self
        solo.executor.logDirectory = try logDirectory()
        solo.executor.logDirectoryName = "logs/solo"
        let failingRuns = Set(suspects.flatMap(\.failingRuns)).sorted()
        let tallies = solo.run(identities, runs: soloRuns, conditionRuns: perturbed ? failingRuns : [])
        Self.annotate(&tests, suspects: suspects, solo: tallies, workers: workers)
    }

    /// Per suspect ID: (passed, counted) over `runs` solo runs. Under `--perturb` the solo runs cycle
    /// through the conditions of the failing runs (`conditionRuns`), so the only thing taken away is the
    /// other worker.
    func run(_ suspects: [TestIdentity], runs: Int, conditionRuns: [Int]) -> [String: (passed: Int, counted: Int)] {
        var solo = executor
        solo.workers = 1
        var tallies: [String: (passed: Int, counted: Int)] = [:]
        for number in 0..<runs where !cancellation.isCancelled {
            let runIndex = conditionRuns.isEmpty ? number : conditionRuns[number % conditionRuns.count]
            let output = solo.execute(runIndex: runIndex, tests: suspects, strategy: "solo-check", worker: 0)
            for (id, result) in output.results where result.outcome.isCounted {
                var tally = tallies[id] ?? (0, 0)
                tally.counted += 1
                if result.outcome == .passed { tally.passed += 1 }
                tallies[id] = tally
            }
        }
        return tallies
    }

    /// Adds a note to each suspect that passed every solo run.
    static func annotate(_ tests: inout [TestSummary], suspects: [WorkerOverlap.Suspect],
                         solo: [String: (passed: Int, counted: Int)], workers: Int) {
        for index in tests.indices {
            guard let suspect = suspects.first(where: { $0.id == tests[index].id && $0.strategy == tests[index].strategy }),
                  let tally = solo[suspect.id], tally.counted > 0, tally.passed == tally.counted else { continue }
            tests[index].workerOverlap = WorkerOverlap.Note(
                overlappingFailures: suspect.failures, soloRuns: tally.counted, soloPassed: tally.passed,
                message: "failed only while another worker's process ran (\(suspect.failures) of "
                    + "\(Formatting.count(suspect.failures, "failure"))) and passed \(tally.passed) of \(Formatting.count(tally.counted, "run")) with one worker: running beside "
                    + "another process is part of the cause (a port, socket path or file they share, or the CPU the "
                    + "other takes). Check with --workers 1; give each worker its own resource with FLAKECHECK_WORKER "
                    + "(0 to \(workers - 1)).")
        }
    }
}
