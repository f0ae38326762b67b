/// One family of conditions a `--hunt` (or `--perturb`) run can be made under: an arm of the bandit that
/// learns, test by test, which conditions make its race show (`ConditionArms`). Each run has exactly one
/// arm, recorded in `runs[].perturbation.arm`; everything the arm does not vary stays as in a plain run.
public enum ConditionArm: String, Codable, Sendable, CaseIterable {
    /// No delays, every CPU, Swift Testing parallel, beside the other workers' runs: what plain
    /// `flakecheck run` does. Always an arm, so the hunt never gives up the rate plain runs show.
    case plain
    /// The scheduler hook's three delay modes, one family (`family`).
    case slowTasks, delayedJobs, batchedJobs
    /// A plain run with the machine to itself (several workers only).
    case alone
    /// A run alone with up to three pairs of a suite's Swift Testing tests, each pair in a process of its own.
    case pairsApart
    /// A plain run pinned to one CPU.
    case oneCPU
    /// Jobs ordered one at a time by seeded random priorities (PCT, depth 1 to 3).
    case schedules
    /// A plain run with the machine to itself while flakecheck keeps every CPU busy: the contention another
    /// worker's process brings, on purpose and at its strongest (process mode only).
    case busyCPUs
    /// Every Swift concurrency sleep waits a hundredth of what it asks, and tasks are slowed as in
    /// `slowTasks`: only with `--shorten-sleeps`.
    case shortSleeps
    /// Busy threads and memory churn inside the test process: only with `--perturb-noise`.
    case noise

    /// Arms whose races look alike share a family: the bandit first draws a family from the test's
    /// failures pooled over its arms, then the arm within. Every arm that fails to show a race costs the
    /// hunt runs before its posterior lets go (about log(runs) / KL each, Lai and Robbins), so arms that
    /// show or hide the same races are pooled: the three delay modes, and one CPU with ordered schedules,
    /// which both take parallelism away (each pool hid the measured rare race alike); and runs alone with
    /// runs alone that also hold pairs apart, which are runs alone for every test not in a pair. In a
    /// simulation of that race, four families kept more of the plain rate than eight separate arms
    /// (Benchmarks.md, "Measurements behind the code"). Fewer families
    /// also make the first turns, before any failure, come round sooner.
    package var family: Family {
        switch self {
        case .slowTasks, .delayedJobs, .batchedJobs: .delays
        case .oneCPU, .schedules: .serial
        case .plain: .plain
        case .alone, .pairsApart: .alone
        case .shortSleeps: .shortSleeps
        case .noise: .noise
        case .busyCPUs: .load
        }
    }

    public enum Family: String, Sendable, CaseIterable {
        case delays, alone, plain, serial, load, shortSleeps, noise

        /// The family's arms, in a fixed order.
        package var arms: [ConditionArm] { ConditionArm.allCases.filter { $0.family == self } }
    }

    /// The delay mode this arm runs the hook library in; nil for arms without delays.
    package var delayMode: PerturbationConditions.DelayMode? {
        switch self {
        // A shortened guess is often still long enough for the work it waits for: slowing that work's tasks
        // as well is what shows such a gate (Benchmarks.md, "Shortened sleeps").
        case .slowTasks, .shortSleeps: .tasks
        case .delayedJobs: .jobs
        case .batchedJobs: .batches
        default: nil
        }
    }

    /// The arm's label in the rates per condition (`tests[].conditionRates`): the words the `again:` line
    /// names it by. Arms with a label of their own before arms existed keep it (`slow tasks`, `cpus 1`, ...).
    package var label: String {
        switch self {
        case .plain: "plain"
        case .slowTasks: "slow tasks"
        case .delayedJobs: "delayed jobs"
        case .batchedJobs: "batched jobs"
        case .alone: "one run at a time"
        case .pairsApart: "pairs apart"
        case .oneCPU: "cpus 1"
        case .schedules: "ordered schedules"
        case .shortSleeps: "sleeps x0.01"
        case .noise: "noise"
        case .busyCPUs: "busy CPUs"
        }
    }

    /// The arm whose label is `label`, for reading rates back.
    public init?(label: String) {
        guard let arm = Self.allCases.first(where: { $0.label == label }) else { return nil }
        self = arm
    }
}
