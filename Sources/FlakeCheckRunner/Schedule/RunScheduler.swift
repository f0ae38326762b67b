import FlakeCheckModel
import Foundation

/// Hands out the next run to each free worker, by one of four schedules: every run in a fixed order
/// (`FixedSchedule`), runs only for the tests still undecided (`AdaptiveSchedule`, `--until-proven`), the
/// selection once and then its failures again (`RerunSchedule`, `--rerun-failures`), or Swift Testing
/// repeated inside processes (`RepetitionSchedule`, `--mode in-process`).
package final class RunScheduler: Sendable {
    package struct Job: Sendable {
        package var group: Int
        package var runIndex: Int
        package var tests: [TestIdentity]
        /// In-process mode: this job runs its (Swift Testing) tests this many times in one process,
        /// as run indices `runIndex ..< runIndex + repetitions`.
        package var repetitions: Int? = nil
        /// Each test in a process of its own (`--rerun-failures` reruns).
        var isolated = false
        /// `--perturb`: the run's conditions, drawn once by the run loop when it takes the job (for
        /// in-process repetitions, each process draws its own first run's).
        package var conditions: PerturbationConditions? = nil
    }

    private let schedule: any RunSchedule

    /// Every run (`runs` per group, groups interleaved), minus those of other shards.
    package init(groups: [[TestIdentity]], runs: Int, shard: Shard?) {
        schedule = FixedSchedule(groups: groups, runs: runs, shard: shard)
    }

    /// Adaptive: up to `maxRuns` per group, each run only for the tests not yet settled.
    package init(
        groups: [[TestIdentity]], maxRuns: Int, confidence: Double, target: Double, deadline: Date? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        schedule = AdaptiveSchedule(
            groups: groups, maxRuns: maxRuns, confidence: confidence, target: target,
            deadline: deadline, now: now)
    }

    /// `--rerun-failures`: the selection once, then each failed test again, alone, up to `reruns` times.
    package init(groups: [[TestIdentity]], reruns: Int, confidence: Double, cancellation: CancellationFlag) {
        schedule = RerunSchedule(groups: groups, reruns: reruns, confidence: confidence, cancellation: cancellation)
    }

    /// In-process mode: Swift Testing tests repeated in batches, XCTest tests one process per run.
    package init(inProcessGroups groups: [[TestIdentity]], runs: Int, workers: Int) {
        schedule = RepetitionSchedule(groups: groups, runs: runs, workers: workers)
    }

    /// The number of process launches the progress line counts towards (an upper bound in adaptive mode).
    var plannedRuns: Int { schedule.plannedRuns }

    package func next() -> Job? { schedule.next() }

    /// Counts a run's results, which only the adaptive schedule decides by.
    package func record(_ results: [String: TestResult], group: Int) { schedule.record(results, group: group) }

    /// Why each test stopped (adaptive schedule only).
    package func stopDecision(group: Int, id: String) -> StopDecision? { schedule.stopDecision(group: group, id: id) }
}

/// One way of handing out runs; every schedule is safe to call from all workers at once.
protocol RunSchedule: Sendable {
    var plannedRuns: Int { get }
    func next() -> RunScheduler.Job?
    func record(_ results: [String: TestResult], group: Int)
    func stopDecision(group: Int, id: String) -> StopDecision?
}

extension RunSchedule {
    func record(_ results: [String: TestResult], group: Int) {}
    func stopDecision(group: Int, id: String) -> StopDecision? { nil }
}
