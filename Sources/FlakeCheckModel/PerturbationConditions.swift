/// The conditions one run is made under by `--perturb`: scheduler delays (the hook library), how many
/// CPUs the process may use, Swift Testing's parallelism, and whether hashing (and so Swift Testing's
/// test order) is deterministic. Each is legal behaviour for a correct test, so a deterministic test
/// keeps its verdict; a racy one meets the orders it will meet one day on a loaded CI machine.
public struct PerturbationConditions: Equatable, Codable, Sendable {
    /// The run's own seed, derived from `--perturb-seed` and the run index.
    public var seed: UInt64
    /// Share of Swift concurrency jobs held back, and for at most how long; nil when off (or when the
    /// hook library cannot be loaded, on macOS for example).
    public var delayProbability: Double?
    public var delayMaxMicroseconds: Int?
    /// How the hook picks what to hold (nil when delays are off): `tasks` slows a share of tasks at every
    /// step, `jobs` holds a share of single jobs, `batches` releases a share of jobs together at clock
    /// ticks in a random order. Reports written before modes existed decode as nil (they held jobs).
    public var delayMode: DelayMode?
    /// The process is pinned to this many CPUs (libdispatch sizes its pool from it at start).
    public var cpus: Int
    /// How its Swift Testing tests ran beside each other.
    public var swiftTesting: SwiftTestingParallelism
    /// `SWIFT_DETERMINISTIC_HASHING=1`: the same hash seed (and test order) in every process.
    public var deterministicHashing: Bool
    /// `--perturb-noise`: the share of each CPU that busy threads inside the test process take, and the
    /// megabytes a thread there allocates and touches over and over; nil when off.
    public var cpuNoise: Double? = nil
    public var memoryNoiseMegabytes: Int? = nil
    /// `--explore-schedules`: the global executor's jobs run one at a time in an order chosen by seeded
    /// random task priorities with this many minus one priority changes (PCT's depth d); nil when off.
    public var scheduleDepth: Int? = nil
    /// `--perturb` with more than one worker: true when no other test process of the session ran beside
    /// this run's (a plain run with the machine to itself), false when others could; nil with one worker,
    /// where every run is alone, and in reports written before it was drawn.
    public var alone: Bool? = nil
    /// `--shorten-sleeps`: every Swift concurrency sleep of the process waited this share of what it asked
    /// (0.01: a hundredth); nil when sleeps were left alone.
    public var sleepScale: Double? = nil
    /// `--perturb` with more than one worker, in runs alone: pairs of Swift Testing tests of one suite that
    /// each ran in a process of their own, before the rest of the run in another. Two parallel tests'
    /// windows meet far more often when nothing else shares their process (Benchmarks.md, "Pairs apart"). Each test still has one
    /// outcome in the run, from its own process; nil in other runs and older reports.
    public var pairsApart: [[String]]? = nil
    /// Runs alone (the arms `alone` and `pairsApart`): Swift Testing processes read from their console text
    /// rather than an event stream, wherever the console names each of the process's tests apart
    /// (`TestCatalog.consoleNamesApart`): encoding the stream spaces parallel tests apart and hides races
    /// between them. Drawn as a request; a run's record says true only when at least one of its processes
    /// ran without the stream, nil otherwise.
    public var consoleOnly: Bool? = nil
    /// `--hunt` (and `--perturb`): the arm the run was made under, learned from the tests' failures so far
    /// (`ConditionArms`); nil under `--explore-schedules`, in a replay and in older reports.
    public var arm: ConditionArm? = nil

    package init(
        seed: UInt64, delayProbability: Double?, delayMaxMicroseconds: Int?, delayMode: DelayMode? = nil,
        cpus: Int, swiftTesting: SwiftTestingParallelism, deterministicHashing: Bool
    ) {
        self.seed = seed
        self.delayProbability = delayProbability
        self.delayMaxMicroseconds = delayMaxMicroseconds
        self.delayMode = delayProbability == nil ? nil : delayMode ?? .jobs
        self.cpus = cpus
        self.swiftTesting = swiftTesting
        self.deterministicHashing = deterministicHashing
    }

    /// One label per dimension, for per-condition pass rates: `slow tasks`, `cpus 1`, ... Noise is
    /// labelled only where it ran, so runs without `--perturb-noise` read as before.
    package var labels: [String] {
        let armLabel = arm.map { $0 == .pairsApart ? [] : [$0.label] } ?? []
        let detail = detailLabels
        return armLabel.filter { !detail.contains($0) } + detail
    }

    /// The labels of what the run had, whatever its arm.
    private var detailLabels: [String] {
        (scheduleDepth.map { ["schedules depth \($0)"] } ?? [])
            + (alone.map { [$0 ? "one run at a time" : "runs side by side"] } ?? [])
            + [
                delayProbability == nil ? "no delays" : (delayMode ?? .jobs).label, "cpus \(cpus)",
                "swift-testing \(swiftTesting)", deterministicHashing ? "fixed hashing" : "random hashing",
            ]
            + (cpuNoise.map { ["cpu noise \(Int(($0 * 100).rounded()))%"] } ?? [])
            + (memoryNoiseMegabytes.map { ["memory noise \($0) MB"] } ?? [])
            + (sleepScale.map { ["sleeps x\($0)"] } ?? [])
    }

    /// The labels of this run for one test: the run's own, and for a test of a pair apart, which test
    /// shared its process (`paired with globalStorageTwoPurchases()`), so its rates name the partner.
    /// In a pairs-apart run, a pair's tests also carry `pairs apart`; the others ran alone in the whole process.
    package func labels(forTest id: String) -> [String] {
        guard let partner = partner(of: id) else { return labels }
        return labels + (arm == .pairsApart ? [ConditionArm.pairsApart.label] : [])
            + [Self.pairedPrefix + TestIdentity.split(TestCatalog.droppingSourceLocation(partner)).name]
    }

    /// How a pair apart's label begins; reports word such a label as the test's circumstance ("when paired
    /// with X"), not as a condition of the run.
    static let pairedPrefix = "paired with "

    /// Whether `label` is a pair apart's (`paired with X`).
    package static func isPairLabel(_ label: String) -> Bool { label.hasPrefix(pairedPrefix) }

    /// The test that shared `id`'s process apart in this run; nil when `id` ran with the rest.
    package func partner(of id: String) -> String? {
        pairsApart?.first { $0.contains(id) }?.first { $0 != id }
    }

    /// Whether the test process needs the hook library: for delays, noise or schedules.
    package var needsHookLibrary: Bool {
        delayProbability != nil || cpuNoise != nil || memoryNoiseMegabytes != nil || scheduleDepth != nil
            || sleepScale != nil
    }

    /// The hook library's ways of delaying Swift concurrency jobs (`FLAKECHECK_DELAY_MODE`).
    public enum DelayMode: String, Codable, Sendable, CaseIterable {
        case tasks, jobs, batches
        /// Blocks handed to the program's own Dispatch queues start late; Swift's jobs are not held (Queues.c).
        case queues

        /// The number the hook library reads from `FLAKECHECK_DELAY_MODE`: its `Mode` in SchedulerHook.c.
        package var hookNumber: Int {
            switch self {
            case .jobs: 0
            case .tasks: 1
            case .batches: 2
            case .queues: 3
            }
        }

        package var label: String {
            switch self {
            case .tasks: "slow tasks"
            case .jobs: "delayed jobs"
            case .batches: "batched jobs"
            case .queues: "slow queues"
            }
        }
    }
}
