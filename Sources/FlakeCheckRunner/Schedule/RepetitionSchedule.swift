import FlakeCheckModel
import Foundation

/// `--mode in-process`: Swift Testing tests in batches of repetitions, one process per batch (a few
/// batches per worker, so every worker stays busy), handed out first; XCTest tests, which cannot repeat
/// in process, then get one process per run.
final class RepetitionSchedule: RunSchedule, @unchecked Sendable {
    private let lock = NSLock()
    private var batches: [RunScheduler.Job] = []
    private let perRun: FixedSchedule
    private let repeatedRuns: Int

    init(groups: [[TestIdentity]], runs: Int, workers: Int) {
        let xctest = groups.map { $0.filter { $0.framework == .xctest } }
        perRun = FixedSchedule(groups: xctest, runs: xctest.allSatisfy(\.isEmpty) ? 0 : runs, shard: nil)
        let batch = max(1, min(100, (runs + workers * 2 - 1) / (workers * 2)))
        for (group, tests) in groups.map({ $0.filter { $0.framework == .swiftTesting } }).enumerated()
        where !tests.isEmpty {
            for start in stride(from: 0, to: runs, by: batch) {
                batches.append(
                    RunScheduler.Job(
                        group: group, runIndex: start, tests: tests,
                        repetitions: min(batch, runs - start)))
            }
        }
        repeatedRuns = batches.reduce(0) { $0 + ($1.repetitions ?? 0) }
    }

    var plannedRuns: Int { perRun.plannedRuns + repeatedRuns }

    func next() -> RunScheduler.Job? {
        lock.lock()
        if !batches.isEmpty {
            defer { lock.unlock() }
            return batches.removeFirst()
        }
        lock.unlock()
        return perRun.next()
    }
}
