import FlakeCheckModel
import Foundation

/// Tests that fail only when another worker runs at the same time: two processes of one test binary
/// binding the same port or writing the same file. Found in two steps: every failing run of the test
/// overlapped (in time) a run of another worker, and then the test passes every run with one worker.
/// The first step is this pure function over the report; the second is `SoloConfirmation`.
package enum WorkerOverlap {
    package typealias Note = WorkerOverlapNote

    package struct Suspect: Hashable, Sendable {
        package var strategy: String?
        package var id: String
        /// Indices of the failing runs (failed, crashed, timed out), all of which overlapped another
        /// worker's run.
        package var failingRuns: [Int]
        package var failures: Int { failingRuns.count }
        /// The observed failure rate in the parallel runs.
        package var failureRate: Double

        package init(strategy: String? = nil, id: String, failingRuns: [Int], failureRate: Double) {
            self.strategy = strategy
            self.id = id
            self.failingRuns = failingRuns
            self.failureRate = failureRate
        }
    }

    /// Tests whose every failing run overlapped another worker's run. Runs without timing (older
    /// reports, `parse`) prove nothing, so a test with such a failing run is never a suspect.
    package static func suspects(tests: [TestFacts], runs: [RunRecord]) -> [Suspect] {
        let timed = runs.filter { $0.worker != nil && $0.startSeconds != nil && $0.endSeconds != nil }
        guard Set(timed.compactMap(\.worker)).count > 1 else { return [] }
        var byRun: [RunRecord.Key: RunRecord] = [:]
        for run in timed { byRun[run.key] = run }
        let ordered = timed.sorted { $0.startSeconds! < $1.startSeconds! }
        return tests.compactMap { test in
            let failing = test.failingRuns
            guard !failing.isEmpty, test.countedRuns > 0 else { return nil }
            for index in failing {
                guard let run = byRun[RunRecord.Key(strategy: test.strategy, index: index)],
                    overlapsAnotherWorker(run, ordered)
                else {
                    return nil
                }
            }
            return Suspect(
                strategy: test.strategy, id: test.id, failingRuns: failing,
                failureRate: Double(failing.count) / Double(test.countedRuns))
        }
    }

    static func overlapsAnotherWorker(_ run: RunRecord, _ ordered: [RunRecord]) -> Bool {
        guard let start = run.startSeconds, let end = run.endSeconds else { return false }
        for other in ordered {
            guard let otherStart = other.startSeconds, otherStart < end else { break }
            if other.worker != run.worker, let otherEnd = other.endSeconds, otherEnd > start { return true }
        }
        return false
    }

    /// Solo runs that make "it never fails alone" mean something: enough that a test failing at its
    /// parallel rate would have failed at least once with 95% probability, between 10 and 60, and never
    /// more than half the session's runs (so the check costs at most half again).
    package static func soloRuns(forFailureRate rate: Double, sessionRuns: Int = .max) -> Int {
        let cap = max(10, min(60, sessionRuns / 2))
        return min(cap, max(10, runsToSee(failureRate: rate)))
    }

    /// How many runs it takes for a failure rate to show at least once with 95% probability: fewer
    /// passing runs than this say nothing about that rate.
    package static func runsToSee(failureRate rate: Double) -> Int {
        guard rate > 0 else { return Int.max }
        guard rate < 1 else { return 1 }
        return Int((log(0.05) / log(1 - rate)).rounded(.up))
    }
}
