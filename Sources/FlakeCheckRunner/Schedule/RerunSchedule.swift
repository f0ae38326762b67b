import FlakeCheckAnalysis
import FlakeCheckModel
import Foundation

/// `--rerun-failures K`: each group's whole selection once, then its tests that failed, again, each in a
/// process of its own, attempt after attempt, until each has passed (flaky: the attempt that passed is the
/// evidence) or failed K more times (failing: no pass in K + 1 runs bounds the pass rate). Tests that
/// passed or skipped the first time are never rerun. Rerun attempt k of a group is run index k, so a
/// test's history reads `FFP`: failed, failed, passed on rerun 2.
final class RerunSchedule: RunSchedule, @unchecked Sendable {
    private let condition = NSCondition()
    private let groups: [[TestIdentity]]
    private let reruns: Int
    private let confidence: Double
    private let cancellation: CancellationFlag
    private var firstPassHanded: [Bool]
    private var recordedRuns: [Int]
    private var inFlight: [Bool]
    private var pending: [Set<String>]
    private var failures: [[String: Int]]
    private var decisions: [[String: StopDecision]]

    init(groups: [[TestIdentity]], reruns: Int, confidence: Double, cancellation: CancellationFlag) {
        self.groups = groups
        self.reruns = reruns
        self.confidence = confidence
        self.cancellation = cancellation
        firstPassHanded = Array(repeating: false, count: groups.count)
        recordedRuns = Array(repeating: 0, count: groups.count)
        inFlight = Array(repeating: false, count: groups.count)
        pending = Array(repeating: [], count: groups.count)
        failures = Array(repeating: [:], count: groups.count)
        decisions = Array(repeating: [:], count: groups.count)
    }

    /// At most: every group's first pass and all its reruns.
    var plannedRuns: Int { groups.count * (1 + reruns) }

    /// The next job, waiting while a group's run is in flight and its reruns depend on it; nil once every
    /// group is done (or the run was cancelled).
    func next() -> RunScheduler.Job? {
        condition.lock()
        defer { condition.unlock() }
        while !cancellation.isCancelled {
            var waiting = false
            for group in groups.indices where !groups[group].isEmpty {
                if !firstPassHanded[group] {
                    firstPassHanded[group] = true
                    inFlight[group] = true
                    return RunScheduler.Job(group: group, runIndex: 0, tests: groups[group])
                }
                if inFlight[group] { waiting = true; continue }
                guard !pending[group].isEmpty, recordedRuns[group] <= reruns else { continue }
                inFlight[group] = true
                return RunScheduler.Job(
                    group: group, runIndex: recordedRuns[group],
                    tests: groups[group].filter { pending[group].contains($0.id) }, isolated: true)
            }
            guard waiting else { return nil }
            // Woken by `record`; the timeout rechecks cancellation.
            _ = condition.wait(until: Date().addingTimeInterval(0.5))
        }
        return nil
    }

    func record(_ results: [String: TestResult], group: Int) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        let attempt = recordedRuns[group]
        recordedRuns[group] += 1
        inFlight[group] = false
        for (id, result) in results {
            if attempt == 0 {
                if result.outcome.isFailure {
                    pending[group].insert(id)
                    failures[group][id] = 1
                }
                continue
            }
            guard pending[group].contains(id) else { continue }
            if result.outcome == .passed {
                pending[group].remove(id)
                decisions[group][id] = .passedOnRerun(attempt: attempt, failures: failures[group][id] ?? 1)
            } else if result.outcome.isFailure {
                failures[group][id, default: 1] += 1
            }
        }
        guard attempt >= reruns else { return }
        // The last rerun: what is still pending never passed.
        for id in pending[group] {
            let runs = failures[group][id] ?? attempt + 1
            decisions[group][id] = .failedEveryRerun(
                runs: runs,
                passRateBelow: ConfidenceBounds.failureRateUpperBound(cleanRuns: runs, confidence: confidence),
                confidence: confidence)
        }
        pending[group].removeAll()
    }

    func stopDecision(group: Int, id: String) -> StopDecision? {
        condition.lock()
        defer { condition.unlock() }
        return decisions[group][id]
    }
}
