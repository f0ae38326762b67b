import FlakeCheckAnalysis
import FlakeCheckModel
import Foundation

/// Gathers run outputs from all workers (under a lock), keeps one aggregator per group, and reports
/// progress as runs finish.
package final class RunCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var aggregators: [ResultAggregator]
    package private(set) var records: [RunRecord] = []
    package private(set) var declarations: [String: TestDeclaration] = [:]
    /// `--sanitize thread`: each run's ThreadSanitizer reports (1-based run number), for one finding per race.
    package private(set) var sanitizerReports: [(run: Int, reports: [SanitizerReport])] = []
    private var completedRuns: [Int]
    /// A test of one strategy group: the progress line's count of flaky tests is per group.
    private struct GroupTest: Hashable {
        var group: Int
        var id: String
    }
    private var passedSomewhere: Set<GroupTest> = []
    private var failedSomewhere: Set<GroupTest> = []
    private let progress: ProgressLine?

    private let padsHistories: Bool

    init(groups: [[TestIdentity]], progress: ProgressLine?, padsHistories: Bool = true) {
        self.padsHistories = padsHistories
        aggregators = groups.map { ResultAggregator(expected: $0) }
        completedRuns = Array(repeating: 0, count: groups.count)
        self.progress = progress
    }

    package func add(_ output: RunOutput, group: Int) {
        lock.lock()
        defer { lock.unlock() }
        records.append(output.record)
        if !output.sanitizerReports.isEmpty {
            sanitizerReports.append((output.record.index + 1, output.sanitizerReports))
        }
        for declaration in output.declarations { declarations[declaration.id] = declaration }
        aggregators[group].record(output.results, runIndex: output.record.index)
        completedRuns[group] = max(completedRuns[group], output.record.index + 1)
        for (id, result) in output.results {
            let key = GroupTest(group: group, id: id)
            if result.outcome == .passed { passedSomewhere.insert(key) }
            if result.outcome.isFailure { failedSomewhere.insert(key) }
        }
        progress?.update(done: records.count, flaky: passedSomewhere.intersection(failedSomewhere).count)
    }

    /// The facts of each test of `group` the runs gathered: its tally.
    package func facts(group: Int) -> [TestFacts] {
        lock.lock()
        defer { lock.unlock() }
        // Adaptive runs leave settled tests out of later runs: their histories end where they stopped.
        return aggregators[group].facts(runs: padsHistories ? completedRuns[group] : 0)
    }
}
