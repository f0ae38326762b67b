import Foundation

/// Draws each run's conditions from `--perturb-seed` and the run index alone, so the same seed gives
/// the same conditions for the same run whatever order the workers take runs in, and a replay can
/// recreate them.
public struct PerturbationPlan: Equatable, Sendable {
    public var seed: UInt64
    public var availableCPUs: Int
    /// Where the scheduler hook library is; nil where it cannot be preloaded (delays are then off).
    public var hookLibrary: String?
    /// `--replay`: every run gets these conditions (a saved run's), instead of drawn ones.
    public var fixed: PerturbationConditions?
    /// `--perturb-noise`: also draw partial CPU and memory noise (inside the test process, by the library).
    public var noise: Bool
    /// `--explore-schedules`: every run's jobs are ordered by the hook library's PCT scheduler, at a
    /// depth drawn per run, instead of delayed.
    public var schedules: Bool = false
    /// `--shorten-sleeps`: three in four perturbed runs (not those alone) make every sleep a hundredth as long;
    /// the rest keep their sleeps, so a test's rate with and without shows which it needs.
    public var shortenSleeps: Bool = false
    /// Whether test processes can be limited to fewer CPUs (`sched_setaffinity`, Linux only). Where they
    /// cannot, every run records all CPUs, so a report never claims a limit that was not applied.
    public var pinsCPUs: Bool
    /// With more than one worker: which runs are plain runs alone (below), learned from the failures so far.
    /// Nil with one worker, where every run is alone anyway.
    public var aloneShare: AloneShare?

    public init(seed: UInt64, availableCPUs: Int, hookLibrary: String?, fixed: PerturbationConditions? = nil,
                noise: Bool = false, pinsCPUs: Bool = TestPlatform.current == .linux) {
        self.seed = seed
        self.availableCPUs = max(1, availableCPUs)
        self.hookLibrary = hookLibrary
        self.fixed = fixed
        self.noise = noise
        self.pinsCPUs = pinsCPUs
    }

    public func conditions(forRun runIndex: Int) -> PerturbationConditions {
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
        // Always drawn, so the other conditions do not depend on whether the hook library was found.
        let delayDraw = random.below(10)
        let delays = hookLibrary != nil && delayDraw < 7
        // Slow tasks in half the delayed runs: measured, they raise the example's yield and sleep races
        // the most (a sleep-gated race from 0.2% of runs to 27%); single jobs and batches in a quarter each.
        let mode: PerturbationConditions.DelayMode = [.tasks, .tasks, .jobs, .batches][random.below(4)]
        let probability = [0.1, 0.25, 0.5][random.below(3)]
        let maximum = [300, 1000, 3000][random.below(3)]
        // One CPU and serial Swift Testing hide races between parallel tests (measured: every failure of
        // the example's global-state races came with 2 CPUs), so they are drawn rarely: 1 run in 8 each.
        let oneCPU = random.below(8) == 0
        let extraCPUs = random.below(max(1, availableCPUs - 1))
        let cpus = !pinsCPUs ? availableCPUs : availableCPUs == 1 || oneCPU ? 1 : 2 + extraCPUs
        let parallelism = switch random.below(8) {
        case 0: "serial"
        case 1: "width \(2 + random.below(3))"
        default: "parallel"
        }
        var conditions = PerturbationConditions(
            seed: runSeed, delayProbability: delays ? probability : nil, delayMaxMicroseconds: delays ? maximum : nil,
            delayMode: delays ? mode : nil, cpus: cpus, swiftTesting: parallelism, deterministicHashing: random.below(2) == 0)
        // Drawn last and always, so a seed gives the same other conditions with and without --perturb-noise.
        // Each kind in half the runs, at Shaker's partial levels rather than a saturated machine.
        let cpuNoise = random.below(2) == 0 ? [0.25, 0.5, 0.75][random.below(3)] : nil
        let memoryNoise = random.below(2) == 0 ? [64, 256][random.below(2)] : nil
        if noise, hookLibrary != nil {
            conditions.cpuNoise = cpuNoise
            conditions.memoryNoiseMegabytes = memoryNoise
        }
        // Only with the flag, so a seed's other draws are what they were before it existed; before the
        // choice of a run alone, which draws only the first time a run is asked for.
        let shortensSleeps = shortenSleeps && random.below(4) != 0
        // Drawn after everything else, so a seed's other draws are what they were before it existed.
        if let choice = aloneShare?.choice(run: runIndex, random: &random) {
            conditions = aloneOrBeside(choice.alone, conditions)
            conditions.pairsApart = choice.pairs
        }
        // A run alone stays plain.
        if shortensSleeps, hookLibrary != nil, conditions.alone != true { conditions.sleepScale = Self.shortenedSleepScale }
        return conditions
    }

    /// How long a shortened sleep lasts, as a share of what it asks: a hundredth, so a 10 ms guess waits
    /// 0.1 ms, less than a few hops between actors take. Measured on the example's sleep gate, a tenth
    /// failed about half the shortened runs (1 ms was often enough), a hundredth 81-90%.
    static let shortenedSleepScale = 0.01

    /// A run alone has the machine to itself and nothing else: no delays, no noise, every CPU, Swift
    /// Testing parallel. Races between parallel tests need two CPUs at the racy instant, and delays only
    /// move one test's window away from the other's; measured, they failed several times more often with
    /// one worker than with two, and more rarely under delays than plain. Plain runs alone are what keep
    /// `--perturb` from making them rarer than plain runs; `AloneShare` decides how many.
    private func aloneOrBeside(_ alone: Bool, _ drawn: PerturbationConditions) -> PerturbationConditions {
        guard alone else {
            var beside = drawn
            beside.alone = false
            return beside
        }
        var conditions = PerturbationConditions(
            seed: drawn.seed, delayProbability: nil, delayMaxMicroseconds: nil, cpus: availableCPUs,
            swiftTesting: "parallel", deterministicHashing: drawn.deterministicHashing)
        conditions.alone = true
        return conditions
    }

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
            swiftTesting: "parallel", deterministicHashing: random.below(2) == 0)
        conditions.scheduleDepth = hookLibrary == nil ? nil : 1 + random.below(3)
        return conditions
    }

    /// The process request under `conditions`: environment for the hook library (delays, noise) and
    /// hashing, the CPU limit, and Swift Testing's parallelism arguments.
    public func apply(_ conditions: PerturbationConditions, to request: ProcessRequest) -> ProcessRequest {
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
            request.environment["FLAKECHECK_DELAY_MODE"] = (conditions.delayMode ?? .jobs).rawValue
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
        let runsSwiftTesting = request.arguments.contains("swift-testing") && !request.arguments.contains("--list-tests")
        if runsSwiftTesting, request.arguments.first != "test" {
            if conditions.swiftTesting == "serial" {
                request.arguments.append("--no-parallel")
            } else if conditions.swiftTesting.hasPrefix("width ") {
                request.arguments += ["--experimental-maximum-parallelization-width",
                                      String(conditions.swiftTesting.dropFirst("width ".count))]
            }
        }
        return request
    }

    /// `libFlakeCheckSchedulerHook.so` next to the running executable, or `FLAKECHECK_HOOK_LIBRARY`.
    public static func locateHookLibrary(environment: [String: String]) -> String? {
        PreloadLibrary.locate("libFlakeCheckSchedulerHook.so", override: "FLAKECHECK_HOOK_LIBRARY", environment: environment)
    }
}

/// SplitMix64: small, fast and the same numbers for the same seed on every platform, so a seed means
/// the same conditions everywhere (and tests replay exactly).
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
}
