import FlakeCheckModel

/// How many runs, on how many workers, in which kind of process (`--runs`, `--workers`, `--timeout`,
/// `--mode`, `--sanitize`): what the user asked. How many runs each test's history then has is
/// `RunPlan.runsPerTest`'s to say, with the schedule.
public struct RunOptions: Sendable, Equatable {
    /// `--runs` as given; nil when left to `defaultRuns` (or to what `--until-proven` and
    /// `--rerun-failures` decide).
    public var runs: Int?
    /// As given; nil for one per CPU (or one under `--xcode`). `RunPlan.workers` is the count used.
    public var workers: Int?
    /// Seconds after which a run's process group is killed.
    public var timeout: Double = 300
    public var mode: ExecutionMode = .process
    /// Build and run the tests under ThreadSanitizer.
    public var sanitizer: Sanitizer?

    /// Runs per test when `--runs` is not given.
    public static let defaultRuns = 100

    public init() {}
}
