/// One family of conditions a `--hunt` (or `--perturb`) run can be made under: an arm of the bandit that
/// learns, test by test, which conditions make its race show (`ConditionArms`). Each run has exactly one
/// arm, recorded in `runs[].perturbation.arm`; everything the arm does not vary stays as in a plain run.
public enum ConditionArm: String, Codable, Sendable, CaseIterable {
    /// No delays, every CPU, Swift Testing parallel, beside the other workers' runs: what plain
    /// `flakecheck run` does. Always an arm, so the hunt never gives up the rate plain runs show.
    case plain
    /// The scheduler hook's delay modes, one family (`family`): three hold Swift concurrency's jobs, and
    /// slow queues starts blocks on the program's own Dispatch queues late instead.
    case slowTasks, delayedJobs, batchedJobs, slowQueues
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

    /// Everything about the arm that the rest of flakecheck asks, in one row: adding an arm is a case here,
    /// its row, and what a run does differently under it (`PerturbationPlan.conditions(forRun:)`).
    package var definition: ArmDefinition {
        switch self {
        case .plain: ArmDefinition(family: .plain, label: "plain")
        // A shortened guess is often still long enough for the work it waits for: slowing that work's tasks
        // as well is what shows such a gate (Benchmarks.md, "Shortened sleeps").
        case .slowTasks: ArmDefinition(family: .delays, label: "slow tasks", delayMode: .tasks, needs: .hookLibrary)
        case .delayedJobs: ArmDefinition(family: .delays, label: "delayed jobs", delayMode: .jobs, needs: .hookLibrary)
        case .batchedJobs:
            ArmDefinition(family: .delays, label: "batched jobs", delayMode: .batches, needs: .hookLibrary)
        // Work on a queue of its own that a test checks after waiting on Swift's executors: delaying the test's
        // jobs lengthens its wait and hides that race, slowing the queue shows it (Benchmarks.md, "Paying for
        // time").
        case .slowQueues:
            ArmDefinition(family: .delays, label: "slow queues", delayMode: .queues, needs: .hookLibrary)
        case .alone:
            ArmDefinition(family: .alone, label: "one run at a time", needs: .severalWorkers, holdsEveryWorker: true)
        case .pairsApart:
            ArmDefinition(family: .alone, label: "pairs apart", needs: .severalWorkers, holdsEveryWorker: true)
        case .oneCPU: ArmDefinition(family: .serial, label: "cpus 1", needs: .pinnedCPUs)
        case .schedules: ArmDefinition(family: .serial, label: "ordered schedules", needs: .hookLibrary)
        case .busyCPUs: ArmDefinition(family: .load, label: "busy CPUs", needs: .ownProcess, holdsEveryWorker: true)
        case .shortSleeps:
            ArmDefinition(
                family: .shortSleeps, label: "sleeps x0.01", delayMode: .tasks, needs: [.hookLibrary, .shortenSleeps],
                option: "--shorten-sleeps")
        case .noise: ArmDefinition(family: .noise, label: "noise", needs: [.hookLibrary, .noise], option: "--perturb-noise")
        }
    }

    /// Arms whose races look alike share a family: the bandit first draws a family from the test's
    /// failures pooled over its arms, then the arm within. Every arm that fails to show a race costs the
    /// hunt runs before its posterior lets go (about log(runs) / KL each, Lai and Robbins), so arms that
    /// show or hide the same races are pooled: the three delay modes, and one CPU with ordered schedules,
    /// which both take parallelism away (each pool hid the measured rare race alike); and runs alone with
    /// runs alone that also hold pairs apart, which are runs alone for every test not in a pair. In a
    /// simulation of that race, four families kept more of the plain rate than eight separate arms
    /// (Benchmarks.md, "Measurements behind the code"). Fewer families
    /// also make the first turns, before any failure, come round sooner.
    package var family: Family { definition.family }

    public enum Family: String, Sendable, CaseIterable {
        case delays, alone, plain, serial, load, shortSleeps, noise

        /// The family's arms, in a fixed order.
        package var arms: [ConditionArm] { ConditionArm.allCases.filter { $0.family == self } }
    }

    /// The delay mode this arm runs the hook library in; nil for arms without delays.
    package var delayMode: PerturbationConditions.DelayMode? { definition.delayMode }

    /// The arm's label in the rates per condition (`tests[].conditionRates`): the words the `again:` line
    /// names it by. Arms with a label of their own before arms existed keep it (`slow tasks`, `cpus 1`, ...).
    package var label: String { definition.label }

    /// The flags that, with the seed after them, draw a session's conditions again: `--explore-schedules
    /// --perturb-seed` when it explored schedules, else the option of each arm it could only make with one
    /// (`--shorten-sleeps --perturb-seed`).
    package static func seedFlags(exploreSchedules: Bool, optionalArms: Set<ConditionArm>) -> String {
        let options =
            exploreSchedules ? ["--explore-schedules"] : allCases.filter(optionalArms.contains).compactMap(\.definition.option)
        return (options + ["--perturb-seed"]).joined(separator: " ")
    }

    /// The arms a session that has `capabilities` can make, in declaration order.
    package static func available(with capabilities: ArmDefinition.Needs) -> [ConditionArm] {
        allCases.filter { capabilities.isSuperset(of: $0.definition.needs) }
    }

    /// The arm whose label is `label`, for reading rates back.
    public init?(label: String) {
        guard let arm = Self.allCases.first(where: { $0.label == label }) else { return nil }
        self = arm
    }
}
