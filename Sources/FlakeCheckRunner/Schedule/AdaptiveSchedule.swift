import FlakeCheckAnalysis
import FlakeCheckModel
import Foundation

/// `--until-proven`: each group's next run goes to its tests that are still undecided, so settled tests
/// drop out and the remaining runs go where the answer is not known yet. With `--budget`, no run starts
/// after the deadline (every undecided test is in every run, so each gets an equal share of the time),
/// and a test stops at its first failure.
final class AdaptiveSchedule: RunSchedule, @unchecked Sendable {
    private let lock = NSLock()
    private let groups: [[TestIdentity]]
    private let maxRuns: Int
    private let confidence: Double
    private let target: Double
    private var nextRun: [Int]
    private var undecided: [Set<String>]
    private var counts: [[String: (passed: Int, counted: Int, skipped: Int)]]
    private var decisions: [[String: StopDecision]]
    private var nextGroup = 0
    /// `--budget`: when the last run may start, and the clock that says when it is.
    private let deadline: Date?
    private let now: @Sendable () -> Date
    /// A deadline passed: the tests still undecided ran out of time, not of `--max-runs`.
    private var budgetSpent = false

    init(
        groups: [[TestIdentity]], maxRuns: Int, confidence: Double, target: Double, deadline: Date? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.deadline = deadline
        self.now = now
        self.groups = groups
        self.maxRuns = maxRuns
        self.confidence = confidence
        self.target = target
        nextRun = Array(repeating: 0, count: groups.count)
        undecided = groups.map { Set($0.map(\.id)) }
        counts = Array(repeating: [:], count: groups.count)
        decisions = Array(repeating: [:], count: groups.count)
    }

    var plannedRuns: Int { maxRuns * groups.count }

    func next() -> RunScheduler.Job? {
        lock.lock()
        defer { lock.unlock() }
        if let deadline, now() >= deadline {
            budgetSpent = true
            return nil
        }
        for offset in 0..<groups.count {
            let group = (nextGroup + offset) % groups.count
            guard nextRun[group] < maxRuns, !undecided[group].isEmpty else { continue }
            nextGroup = group + 1
            let runIndex = nextRun[group]
            nextRun[group] += 1
            return RunScheduler.Job(
                group: group, runIndex: runIndex,
                tests: groups[group].filter { undecided[group].contains($0.id) })
        }
        return nil
    }

    /// Counts the run's results and settles the tests whose verdict no longer can change.
    func record(_ results: [String: TestResult], group: Int) {
        lock.lock()
        defer { lock.unlock() }
        for (id, result) in results where result.outcome != .notRun {
            var count = counts[group][id] ?? (0, 0, 0)
            if result.outcome == .passed { count.passed += 1 }
            if result.outcome.isCounted { count.counted += 1 }
            if result.outcome == .skipped { count.skipped += 1 }
            counts[group][id] = count
            // Within a budget, a failure is the answer: no need to spend the time on it.
            let failed = count.counted - count.passed
            let failedWithinBudget: StopDecision? =
                deadline != nil && failed > 0
                ? (count.passed > 0 ? .flaky(passed: count.passed, failed: failed) : .failing(runs: count.counted))
                : nil
            guard undecided[group].contains(id),
                let decision = failedWithinBudget
                    ?? AdaptiveDecision.decide(
                        passed: count.passed, counted: count.counted, skipped: count.skipped, confidence: confidence,
                        target: target)
            else { continue }
            undecided[group].remove(id)
            decisions[group][id] = decision
        }
    }

    /// Why each test stopped; tests still undecided ran out of `--max-runs`.
    func stopDecision(group: Int, id: String) -> StopDecision? {
        lock.lock()
        defer { lock.unlock() }
        if let decision = decisions[group][id] { return decision }
        if budgetSpent, let count = counts[group][id], count.counted == count.passed {
            return .budgetSpent(
                runs: count.counted,
                failureRateBelow: ConfidenceBounds.failureRateUpperBound(
                    cleanRuns: count.counted, confidence: confidence),
                confidence: confidence)
        }
        return .maxRunsReached(runs: maxRuns)
    }
}
