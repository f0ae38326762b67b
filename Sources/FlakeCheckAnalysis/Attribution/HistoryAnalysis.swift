import FlakeCheckModel

/// Folds many past CI runs (`flakecheck history`) into per-test summaries: each run's results go into
/// the usual tallies, by run index in the order the files came, and each run's commit is remembered once
/// (an index into the commits seen), so that memory grows with tests × runs (a byte each) and not with
/// anything per commit. The findings are worked out at the end, one test at a time.
package struct HistoryAnalysis: Sendable {
    private var aggregator = ResultAggregator()
    private var runCommits: [Int32] = []
    private var runFiles: [String] = []
    private var commitNames: [String] = []
    private var commitIndex: [String: Int32] = [:]
    /// Per test, the runs (indices) in which a rerun passed it after a failure.
    private var rerunPasses: [String: [Int]] = [:]
    /// The aggregator's slot of each test number a reader gave (`JUnitScanner.TestCase.number`), -1 until
    /// the test's first result: one array index per result instead of hashing its ID.
    private var slotsByNumber: [Int] = []

    package init() {}

    /// How many failing runs in a row, up to the last, make "failing since".
    static let failingStreak = 3

    package var runCount: Int { runFiles.count }

    /// One run: each test's result, the run's commit when known, and the file it came from.
    package mutating func addRun(
        _ results: [(identity: TestIdentity, result: TestResult, failedAttempts: Int)],
        commit: String?, file: String
    ) {
        beginRun(commit: commit, file: file)
        for entry in results {
            record(entry.result, failedAttempts: entry.failedAttempts, number: nil) { entry.identity }
        }
    }

    /// A new run, whose results `record` adds.
    package mutating func beginRun(commit: String?, file: String) {
        runFiles.append(file)
        if let commit { runCommits.append(commitID(commit)) } else { runCommits.append(-1) }
    }

    /// One test's result in the current run. `number`, when the reader gave one, finds the test's tally;
    /// `identity` is asked for only when it does not.
    package mutating func record(_ result: TestResult, failedAttempts: Int, number: Int?, identity: () -> TestIdentity) {
        let run = runFiles.count - 1
        let slot: Int
        if let number {
            if number >= slotsByNumber.count {
                slotsByNumber.append(contentsOf: repeatElement(-1, count: number + 1 - slotsByNumber.count))
            }
            if slotsByNumber[number] < 0 { slotsByNumber[number] = aggregator.slot(of: identity()) }
            slot = slotsByNumber[number]
        } else {
            slot = aggregator.slot(of: identity())
        }
        aggregator.record(result, slot: slot, runIndex: run)
        if failedAttempts > 0, result.outcome == .passed { rerunPasses[identity().id, default: []].append(run) }
    }

    private mutating func commitID(_ name: String) -> Int32 {
        if let id = commitIndex[name] { return id }
        let id = Int32(commitNames.count)
        commitNames.append(name)
        commitIndex[name] = id
        return id
    }

    /// Each test's facts, with what its history shows.
    package func facts() -> [TestFacts] {
        aggregator.facts(runs: runFiles.count).map { facts in
            var facts = facts
            let finding = self.finding(history: facts.tally.history, rerunPasses: rerunPasses[facts.id] ?? [])
            facts.historyFinding = finding.isEmpty ? nil : finding
            return facts
        }
    }

    /// The findings of one test from its history (one outcome per run) and the runs a rerun passed it in.
    package func finding(history: [TestOutcome], rerunPasses: [Int]) -> HistoryFinding {
        var outcomesByCommit: [Int32: UInt8] = [:]  // bit 1: passed, bit 2: failed
        var lastPass: Int?
        var lastCounted: (index: Int, failed: Bool)?
        let passedAfterRerun = Set(rerunPasses)
        for (run, outcome) in history.enumerated() {
            guard outcome.isCounted else { continue }
            let failed = outcome.isFailure
            if !failed { lastPass = run }
            lastCounted = (run, failed)
            let commit = runCommits[run]
            guard commit >= 0 else { continue }
            outcomesByCommit[commit, default: 0] |= failed ? 2 : (passedAfterRerun.contains(run) ? 3 : 1)
        }
        let flips = outcomesByCommit.filter { $0.value == 3 }.keys.sorted()
        var finding = HistoryFinding(
            flipCommits: flips.prefix(HistoryFinding.listedCommits).map { commitNames[Int($0)] },
            flipCommitCount: flips.count, passedAfterRerun: rerunPasses.count)
        if let last = lastCounted, last.failed, let pass = lastPass {
            // The first failure after the last pass: where the streak that lasts until now began.
            let start = history.indices.first { $0 > pass && history[$0].isFailure }
            // A streak of fewer runs is what a flaky test does now and then, not a test that started failing.
            if let start, history.count - start >= Self.failingStreak {
                finding.failingSinceRun = start + 1
                finding.failingSinceFile = runFiles[start]
                finding.failingSinceCommit = runCommits[start] >= 0 ? commitNames[Int(runCommits[start])] : nil
            }
        }
        return finding
    }
}
