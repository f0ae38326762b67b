import FlakeCheckModel
import Foundation

/// Every run of every group, groups interleaved (run 1 of each strategy, then run 2, ...), minus the runs
/// of other shards: a precomputed list walked in order.
final class FixedSchedule: RunSchedule, @unchecked Sendable {
    private let lock = NSLock()
    private let groups: [[TestIdentity]]
    private let jobs: [Int]
    private var position = 0

    init(groups: [[TestIdentity]], runs: Int, shard: Shard?) {
        self.groups = groups
        jobs = (0..<(runs * groups.count)).filter { shard?.contains(runIndex: $0 / groups.count) ?? true }
    }

    var plannedRuns: Int { jobs.count }

    func next() -> RunScheduler.Job? {
        lock.lock()
        defer { lock.unlock() }
        while position < jobs.count {
            let job = jobs[position]
            position += 1
            let group = job % groups.count
            if groups[group].isEmpty { continue }  // in-process mode: a group with no XCTest tests
            return RunScheduler.Job(group: group, runIndex: job / groups.count, tests: groups[group])
        }
        return nil
    }
}
