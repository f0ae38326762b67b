import FlakeCheckModel
import Foundation

/// Each run's conditions under `--hunt` (`--perturb`): its arm from `ConditionArms` (learned from the
/// failures so far), and the arm's own parameters (delay share and length, schedule depth, the run's hook
/// seed, hashing) from `--perturb-seed` and the run index alone, so the same seed gives the same
/// parameters for the same run whatever order the workers take runs in, and a replay can recreate them.
package struct PerturbationPlan: Equatable, Sendable {
    package var seed: UInt64
    package var availableCPUs: Int
    /// Where the scheduler hook library is; nil where it cannot be preloaded (delays are then off).
    package var hookLibrary: String?
    /// `--replay`: every run gets these conditions (a saved run's), instead of drawn ones.
    package var fixed: PerturbationConditions?
    /// `--perturb-noise`: the noise arm (partial CPU and memory noise inside the test process, by the library).
    package var noise: Bool
    /// `--explore-schedules`: every run's jobs are ordered by the hook library's PCT scheduler, at a
    /// depth drawn per run, instead of delayed.
    package var schedules: Bool = false
    /// `--shorten-sleeps`: the short-sleeps arm, whose runs make every sleep a hundredth as long; the other
    /// arms keep their sleeps, so a test's rate with and without shows which it needs.
    package var shortenSleeps: Bool = false
    /// Whether test processes can be limited to fewer CPUs (`sched_setaffinity`, Linux only). Where they
    /// cannot, every run records all CPUs, so a report never claims a limit that was not applied.
    package var pinsCPUs: Bool
    /// `--hunt`: what the session's learner (`ConditionArms`, made by `SessionRunner` when the session
    /// starts) starts from; nil for runs that draw an arm uniformly.
    package var learning: ArmLearning?

    package init(
        seed: UInt64, availableCPUs: Int, hookLibrary: String?, fixed: PerturbationConditions? = nil,
        noise: Bool = false, pinsCPUs: Bool = TestPlatform.current == .linux
    ) {
        self.seed = seed
        self.availableCPUs = max(1, availableCPUs)
        self.hookLibrary = hookLibrary
        self.fixed = fixed
        self.noise = noise
        self.pinsCPUs = pinsCPUs
    }

    /// Run `runIndex`'s conditions, its arm drawn uniformly among those the plan can make.
    package func conditions(forRun runIndex: Int) -> PerturbationConditions {
        conditions(forRun: runIndex, learner: nil)
    }

    /// Run `runIndex`'s conditions, its arm chosen by `learner` when there is one. A session draws each run's
    /// once (`RunConditions`) and hands them to the run.
    package func conditions(forRun runIndex: Int, learner arms: ConditionArms?) -> PerturbationConditions {
        if var fixed {
            // Without the library here, a replay cannot delay jobs: its record says so.
            if hookLibrary == nil {
                fixed.delayProbability = nil; fixed.delayMaxMicroseconds = nil; fixed.delayMode = nil
                fixed.cpuNoise = nil; fixed.memoryNoiseMegabytes = nil
            }
            if !pinsCPUs { fixed.cpus = availableCPUs }
            if hookLibrary == nil { fixed.scheduleDepth = nil; fixed.sleepScale = nil }
            // A run alone is repeated alone; "side by side" is not kept, since a replay with one worker
            // would run alone and its record would say otherwise.
            if fixed.alone == false { fixed.alone = nil }
            return fixed
        }
        if schedules { return scheduleConditions(forRun: runIndex) }
        var random = random(forRun: runIndex)
        let runSeed = random.next()
        let hashing = random.below(2) == 0
        let probability = [0.1, 0.25, 0.5][random.below(3)]
        let maximum = [300, 1000, 3000][random.below(3)]
        let depth = 1 + random.below(3)
        let cpuNoise = [0.25, 0.5, 0.75][random.below(3)]
        let memoryNoise = [64, 256][random.below(2)]
        let choice =
            arms?.choice(run: runIndex, random: &random)
            ?? ConditionArms.Choice(arm: Self.uniformArm(available, &random))
        var conditions = PerturbationConditions(
            seed: runSeed, delayProbability: nil, delayMaxMicroseconds: nil, cpus: availableCPUs,
            swiftTesting: .parallel, deterministicHashing: hashing)
        conditions.arm = choice.arm
        if let mode = choice.arm.delayMode {
            conditions.delayProbability = probability
            conditions.delayMaxMicroseconds = maximum
            conditions.delayMode = mode
        }
        switch choice.arm {
        case .alone, .pairsApart:
            conditions.alone = true
            conditions.pairsApart = choice.pairs
            conditions.consoleOnly = true
        case .busyCPUs:
            // Alone, so the busy threads load this run's process only, not a neighbour's that would not say so.
            if arms?.hasSeveralWorkers == true { conditions.alone = true }
        case .oneCPU: conditions.cpus = 1
        case .schedules: conditions.scheduleDepth = depth
        case .shortSleeps: conditions.sleepScale = Self.shortenedSleepScale
        case .noise:
            // Each kind in most runs of the arm, at Shaker's partial levels rather than a saturated machine.
            conditions.cpuNoise = random.below(3) == 0 ? nil : cpuNoise
            conditions.memoryNoiseMegabytes = conditions.cpuNoise == nil || random.below(2) == 0 ? memoryNoise : nil
        case .plain, .slowTasks, .delayedJobs, .batchedJobs, .slowQueues: break
        }
        // With several workers, every other run is beside the others' runs.
        if arms?.hasSeveralWorkers == true, conditions.alone == nil { conditions.alone = false }
        return conditions
    }

    /// The arms this plan can make (`ConditionArms.available`).
    package var available: Set<ConditionArm> {
        ConditionArms.available(
            hookLibrary: hookLibrary != nil, pinsCPUs: pinsCPUs, cpus: availableCPUs, workers: 1,
            shortenSleeps: shortenSleeps, noise: noise, busyCPUs: false)
    }

    /// Without a learner (a plan built outside a session): any arm this plan can make, uniformly.
    private static func uniformArm(_ available: Set<ConditionArm>, _ random: inout SplitMix64) -> ConditionArm {
        let arms = ConditionArm.allCases.filter(available.contains)
        return arms[random.below(arms.count)]
    }

    /// How long a shortened sleep lasts, as a share of what it asks: a hundredth, so a 10 ms guess waits
    /// 0.1 ms, less than a few hops between actors take. A tenth was often still enough for the example's
    /// sleep gate to pass (Benchmarks.md, "Measurements behind the code").
    static let shortenedSleepScale = 0.01

    /// The run's own random numbers: from the seed and the run index alone.
    private func random(forRun runIndex: Int) -> SplitMix64 {
        SplitMix64(seed: seed ^ (UInt64(runIndex) &* 0x9E37_79B9_7F4A_7C15))
    }

    /// A run of `--explore-schedules`: depth 1 to 3 (PCT finds a bug of depth d in a run with probability
    /// at least 1/(n·k^(d-1)), so small depths are where most of its power is), every CPU, Swift Testing
    /// parallel, hashing as drawn; nothing else varies, so a failure is the order's.
    private func scheduleConditions(forRun runIndex: Int) -> PerturbationConditions {
        var random = random(forRun: runIndex)
        let runSeed = random.next()
        var conditions = PerturbationConditions(
            seed: runSeed, delayProbability: nil, delayMaxMicroseconds: nil, cpus: availableCPUs,
            swiftTesting: .parallel, deterministicHashing: random.below(2) == 0)
        conditions.scheduleDepth = hookLibrary == nil ? nil : 1 + random.below(3)
        return conditions
    }

    /// The process request under `conditions`: environment for the hook library (delays, noise) and
    /// hashing, the CPU limit, and Swift Testing's parallelism arguments.
    package func apply(_ conditions: PerturbationConditions, to request: ProcessRequest) -> ProcessRequest {
        var request = request
        if conditions.needsHookLibrary, let library = hookLibrary {
            let existing = request.environment["LD_PRELOAD"].map { $0 + ":" } ?? ""
            request.environment["LD_PRELOAD"] = existing + library
            if let duty = conditions.cpuNoise { request.environment["FLAKECHECK_NOISE_CPU"] = String(duty) }
            if let megabytes = conditions.memoryNoiseMegabytes {
                request.environment["FLAKECHECK_NOISE_MEMORY_MB"] = String(megabytes)
            }
        }
        if let probability = conditions.delayProbability, hookLibrary != nil {
            request.environment["FLAKECHECK_DELAY_PROBABILITY"] = String(probability)
            request.environment["FLAKECHECK_DELAY_MAX_US"] = String(conditions.delayMaxMicroseconds ?? 300)
            request.environment["FLAKECHECK_DELAY_SEED"] = String(conditions.seed)
            request.environment["FLAKECHECK_DELAY_MODE"] = String((conditions.delayMode ?? .jobs).hookNumber)
        }
        if let scale = conditions.sleepScale, hookLibrary != nil {
            request.environment["FLAKECHECK_SLEEP_SCALE"] = String(scale)
        }
        if let depth = conditions.scheduleDepth, hookLibrary != nil {
            request.environment["FLAKECHECK_SCHEDULE_DEPTH"] = String(depth)
            request.environment["FLAKECHECK_SCHEDULE_SEED"] = String(conditions.seed)
        }
        if conditions.deterministicHashing { request.environment["SWIFT_DETERMINISTIC_HASHING"] = "1" }
        request.cpuLimit = pinsCPUs ? conditions.cpus : nil
        let runsSwiftTesting =
            request.arguments.contains("swift-testing") && !request.arguments.contains("--list-tests")
        if runsSwiftTesting, request.arguments.first != "test" {
            request.arguments += conditions.swiftTesting.arguments
        }
        return request
    }

    /// `libFlakeCheckSchedulerHook.so` next to the running executable, or `FLAKECHECK_HOOK_LIBRARY`.
    package static func locateHookLibrary(environment: [String: String]) -> String? {
        PreloadLibrary.locate(
            "libFlakeCheckSchedulerHook.so", override: "FLAKECHECK_HOOK_LIBRARY", environment: environment)
    }
}

/// SplitMix64: small, fast and the same numbers for the same seed on every platform, so a seed means
/// the same conditions everywhere (and tests replay exactly).
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    package mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
}
