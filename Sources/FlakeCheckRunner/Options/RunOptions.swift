import FlakeCheckModel

/// How many runs, on how many workers, in which kind of process (`--runs`, `--workers`, `--timeout`,
/// `--mode`, `--sanitize`): what the user asked. How many runs each test's history then has is
/// `RunPlan.runsPerTest`'s to say, with the schedule.
package struct RunOptions: Sendable, Equatable {
    /// `--runs` as given; nil when left to `defaultRuns` (or to what `--until-proven` and
    /// `--rerun-failures` decide).
    package var runs: Int?
    /// As given; nil for one per CPU (or one under `--xcode`). `RunPlan.workers` is the count used.
    package var workers: Int?
    /// Seconds after which a run's process group is killed.
    package var timeout: Double = 300
    package var mode: ExecutionMode = .process
    /// Build and run the tests under ThreadSanitizer.
    package var sanitizer: Sanitizer?

    /// Runs per test when `--runs` is not given.
    package static let defaultRuns = 100

    package init() {}
}
