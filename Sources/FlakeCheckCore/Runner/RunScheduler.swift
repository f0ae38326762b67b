import Foundation

/// Hands out the next run to each free worker. Fixed mode walks a precomputed list (every run, or one
/// shard's); adaptive mode (`--until-proven`) gives each strategy's next run to the tests of it that are
/// still undecided, so settled tests drop out and the remaining runs go where the answer is not known.
final class RunScheduler: @unchecked Sendable {
    struct Job: Sendable {
        var group: Int
        var runIndex: Int
        var tests: [TestIdentity]
        /// In-process mode: this job runs its (Swift Testing) tests this many times in one process,
        /// as run indices `runIndex ..< runIndex + repetitions`.
        var repetitions: Int? = nil
    }

    private let lock = NSLock()
    private let groups: [[TestIdentity]]
    private var fixedJobs: [Int]?
    /// In-process mode: the batches of repeated Swift Testing runs, handed out before the per-run jobs.
    private var repeatedJobs: [Job] = []
    private var position = 0
    // Adaptive state, per group.
    private let maxRuns: Int
    private let confidence: Double
    private let target: Double
    private var nextRun: [Int]
    private var undecided: [Set<String>]
    private var counts: [[String: (passed: Int, counted: Int, skipped: Int)]]
    private(set) var stopReasons: [[String: String]]
    private var nextGroup = 0

    /// Every run (`runs` per group, groups interleaved), minus those of other shards.
    init(groups: [[TestIdentity]], runs: Int, shard: Shard?) {
        self.groups = groups
        fixedJobs = (0..<(runs * groups.count)).filter { shard?.contains(runIndex: $0 / groups.count) ?? true }
        maxRuns = runs
        confidence = 0.95
        target = 0.01
        nextRun = Array(repeating: 0, count: groups.count)
        undecided = []
        counts = Array(repeating: [:], count: groups.count)
        stopReasons = Array(repeating: [:], count: groups.count)
    }

    /// Adaptive: up to `maxRuns` per group, each run only for the tests not yet settled.
    init(groups: [[TestIdentity]], maxRuns: Int, confidence: Double, target: Double) {
        self.groups = groups
        fixedJobs = nil
        self.maxRuns = maxRuns
        self.confidence = confidence
        self.target = target
        nextRun = Array(repeating: 0, count: groups.count)
        undecided = groups.map { Set($0.map(\.id)) }
        counts = Array(repeating: [:], count: groups.count)
        stopReasons = Array(repeating: [:], count: groups.count)
    }

    /// In-process mode: Swift Testing tests in batches of repetitions, one process per batch (a few
    /// batches per worker, so both workers stay busy); XCTest tests, which cannot repeat in process,
    /// fall back to one process per run.
    convenience init(inProcessGroups groups: [[TestIdentity]], runs: Int, workers: Int) {
        let swiftTesting = groups.map { $0.filter { $0.framework == .swiftTesting } }
        let xctest = groups.map { $0.filter { $0.framework == .xctest } }
        self.init(groups: xctest, runs: runs, shard: nil)
        if xctest.allSatisfy(\.isEmpty) { dropFixedJobs() }
        let batch = max(1, min(100, (runs + workers * 2 - 1) / (workers * 2)))
        for (group, tests) in swiftTesting.enumerated() where !tests.isEmpty {
            for start in stride(from: 0, to: runs, by: batch) {
                repeatedJobs.append(Job(group: group, runIndex: start, tests: tests, repetitions: min(batch, runs - start)))
            }
        }
    }

    private func dropFixedJobs() { fixedJobs = [] }

    /// The number of process launches the progress line counts towards (an upper bound in adaptive mode).
    var plannedRuns: Int {
        (fixedJobs?.count ?? maxRuns * groups.count) + repeatedJobs.reduce(0) { $0 + ($1.repetitions ?? 0) }
    }

    func next() -> Job? {
        lock.lock()
        defer { lock.unlock() }
        if !repeatedJobs.isEmpty { return repeatedJobs.removeFirst() }
        if let fixedJobs {
            while position < fixedJobs.count {
                let job = fixedJobs[position]
                position += 1
                let group = job % groups.count
                if groups[group].isEmpty { continue }  // in-process mode: a group with no XCTest tests
                return Job(group: group, runIndex: job / groups.count, tests: groups[group])
            }
            return nil
        }
        for offset in 0..<groups.count {
            let group = (nextGroup + offset) % groups.count
            guard nextRun[group] < maxRuns, !undecided[group].isEmpty else { continue }
            nextGroup = group + 1
            let runIndex = nextRun[group]
            nextRun[group] += 1
            return Job(group: group, runIndex: runIndex, tests: groups[group].filter { undecided[group].contains($0.id) })
        }
        return nil
    }

    /// Adaptive mode: counts the run's results and settles the tests whose verdict no longer can change.
    func record(_ results: [String: TestResult], group: Int) {
        guard fixedJobs == nil else { return }
        lock.lock()
        defer { lock.unlock() }
        for (id, result) in results where result.outcome != .notRun {
            var count = counts[group][id] ?? (0, 0, 0)
            if result.outcome == .passed { count.passed += 1 }
            if result.outcome.isCounted { count.counted += 1 }
            if result.outcome == .skipped { count.skipped += 1 }
            counts[group][id] = count
            guard undecided[group].contains(id), let reason = AdaptiveDecision.stopReason(
                passed: count.passed, counted: count.counted, skipped: count.skipped, confidence: confidence,
                target: target) else { continue }
            undecided[group].remove(id)
            stopReasons[group][id] = reason
        }
    }

    /// Why each test stopped; tests still undecided ran out of `--max-runs`.
    func stopReason(group: Int, id: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard fixedJobs == nil else { return nil }
        return stopReasons[group][id] ?? "max-runs reached: still undecided after \(Formatting.count(maxRuns, "run"))"
    }
}
