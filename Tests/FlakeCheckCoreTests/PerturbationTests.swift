import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Each run's conditions come from the seed and the run index alone, are applied to
/// the test process, recorded in `runs[]`, and leave deterministic verdicts exactly as they were.
@Suite struct PerturbationTests {
    static let plan = PerturbationPlan(
        seed: 42, availableCPUs: 2, hookLibrary: "/opt/hook/libFlakeCheckSchedulerHook.so")

    @Test func sameSeedAndRunGiveTheSameConditions() {
        let first = (0..<50).map(Self.plan.conditions(forRun:))
        let again = (0..<50).reversed().map(Self.plan.conditions(forRun:)).reversed()
        #expect(first == Array(again))
        #expect(Set(first.map(\.cpus)) == [1, 2])
        #expect(first.allSatisfy { $0.swiftTesting == .parallel } && Set(first.compactMap(\.arm)).count >= 5)
        #expect(first.contains { $0.delayProbability == nil } && first.contains { $0.delayProbability != nil })
        #expect(Set(first.compactMap(\.delayMode)) == Set(PerturbationConditions.DelayMode.allCases))
        #expect(first.allSatisfy { ($0.delayMode == nil) == ($0.delayProbability == nil) })
        let other = PerturbationPlan(seed: 43, availableCPUs: 2, hookLibrary: Self.plan.hookLibrary)
        #expect((0..<50).map(other.conditions(forRun:)) != first)
    }

    static func arms(workers: Int = 2, seed: UInt64 = 42, shortenSleeps: Bool = false, noise: Bool = false)
        -> ConditionArms
    {
        ConditionArms(
            arms: ConditionArms.available(
                hookLibrary: true, pinsCPUs: true, cpus: 2, workers: workers,
                shortenSleeps: shortenSleeps, noise: noise), seed: seed)
    }

    /// A run's conditions under `arm`, as the learner reads them back.
    static func under(_ arm: ConditionArm) -> PerturbationConditions {
        var conditions = PerturbationConditions(
            seed: 1, delayProbability: nil, delayMaxMicroseconds: nil, cpus: 2,
            swiftTesting: .parallel, deterministicHashing: false)
        conditions.arm = arm
        return conditions
    }

    /// The hunt's currency is time: an arm that fails a third of its runs but holds both workers for
    /// them finds fewer failures per slot-second than plain's fifth at one slot, so plain gets the runs;
    /// counted in runs alone, the same tallies give the runs alone.
    @Test func theLearnerPaysForTheSlotsAnArmHolds() {
        func learned(workers: Int) -> PlanWithLearner {
            let arms = ConditionArms(arms: [.plain, .alone], seed: 9)
            arms.learn(groups: [[TestIdentity(canonicalID: "M.S/racy()", framework: .swiftTesting)]])
            arms.useWorkers(workers)
            for run in 0..<300 {
                let arm: ConditionArm = run % 2 == 0 ? .plain : .alone
                let failed = arm == .alone ? run % 3 == 1 : run % 5 == 0
                arms.record(
                    ["M.S/racy()": TestResult(outcome: failed ? .failed : .passed)], conditions: Self.under(arm),
                    seconds: 1.0)
            }
            var plan = PlanWithLearner(PerturbationPlan(seed: 5, availableCPUs: 2, hookLibrary: Self.plan.hookLibrary))
            plan.arms = arms
            return plan
        }
        let paying = learned(workers: 2)
        let alonePaying = (1000..<1200).filter { paying.conditions(forRun: $0).arm == .alone }.count
        #expect(alonePaying < 100, "\(alonePaying) of 200 runs alone")
        // What each arm cost is handed on with its rates: 150 runs alone of 1 s, holding both slots.
        let handedOn = paying.arms?.learned("M.S/racy()") ?? []
        #expect(handedOn.first { $0.condition == "alone" }?.seconds == 300)
        #expect(handedOn.first { $0.condition == "plain" }?.seconds == 150)
        let free = learned(workers: 1)
        let aloneFree = (1000..<1200).filter { free.conditions(forRun: $0).arm == .alone }.count
        #expect(aloneFree > 100, "\(aloneFree) of 200 runs alone")
    }

    /// Before any test fails, the families take turns (delays, alone, plain, one CPU or ordered schedules,
    /// busy CPUs; no pairs without pairable tests), and each arm varies only what it is: alone and plain runs are
    /// plain, with every CPU; one worker has no runs alone and records no such condition.
    @Test func beforeAnyFailureTheFamiliesTakeTurns() {
        var shared = PlanWithLearner(PerturbationPlan(seed: 42, availableCPUs: 2, hookLibrary: Self.plan.hookLibrary))
        shared.arms = Self.arms()
        let drawn = (0..<40).map(shared.conditions(forRun:))
        let families = Dictionary(grouping: drawn) { $0.arm!.family }.mapValues(\.count)
        #expect(families == [.delays: 8, .alone: 8, .plain: 8, .serial: 8, .load: 8], "\(families)")
        for run in drawn where run.arm == .alone || run.arm == .plain {
            #expect(!run.needsHookLibrary && run.cpus == 2 && run.swiftTesting == .parallel)
            #expect(run.labels.first == (run.arm == .alone ? "one run at a time" : "plain"))
            #expect(run.alone == (run.arm == .alone))
        }
        #expect(
            drawn.filter { $0.arm?.family == .delays }.allSatisfy {
                $0.delayMode == $0.arm?.delayMode && $0.alone == false
            })
        #expect(drawn.filter { $0.arm == .oneCPU }.allSatisfy { $0.cpus == 1 && !$0.needsHookLibrary })
        #expect(drawn.filter { $0.arm == .schedules }.allSatisfy { $0.scheduleDepth != nil && $0.cpus == 2 })
        #expect(
            drawn.filter { $0.arm == .busyCPUs }.allSatisfy {
                $0.alone == true && !$0.needsHookLibrary && $0.labels.first == "busy CPUs"
            })
        var single = shared
        single.arms = Self.arms(workers: 1)
        #expect(
            (0..<40).allSatisfy {
                single.conditions(forRun: $0).alone == nil && single.conditions(forRun: $0).arm != .alone
            })
    }

    /// Once a test has failed, runs go where its failures are: a test that failed 20 of 60 runs under slow
    /// tasks and none of 60 under each other arm gets nearly every later run with delays; one that fails
    /// only alone, alone. A run's choice, once drawn, stays; `--learn-from`'s rates teach the same.
    @Test func armsFollowEachTestsOwnFailures() throws {
        func learned(failingUnder failing: ConditionArm) -> ConditionArms {
            let arms = Self.arms(seed: 5)
            for run in 0..<300 {
                let arm: ConditionArm = [
                    .plain, .slowTasks, .delayedJobs, .batchedJobs, .alone, .oneCPU, .schedules, .busyCPUs,
                ][run % 8]
                let failed = arm == failing && run % 3 == 0
                arms.record(
                    ["M.S/racy()": TestResult(outcome: failed ? .failed : .passed)], conditions: Self.under(arm))
            }
            return arms
        }
        var plan = PlanWithLearner(PerturbationPlan(seed: 5, availableCPUs: 2, hookLibrary: Self.plan.hookLibrary))
        plan.arms = learned(failingUnder: .slowTasks)
        let delayed = (0..<200).map { plan.conditions(forRun: $0).arm }
        #expect(delayed.filter { $0?.family == .delays }.count > 180, "\(delayed)")
        #expect(delayed.filter { $0 == .slowTasks }.count > delayed.filter { $0 == .batchedJobs }.count)
        #expect((0..<200).map { plan.conditions(forRun: $0).arm } == delayed)
        plan.arms = learned(failingUnder: .alone)
        #expect((0..<200).filter { plan.conditions(forRun: $0).arm == .alone }.count > 180)
        // The same tallies, read back from a report's rates.
        let rates = [
            ConditionRate(condition: "one run at a time", passed: 40, counted: 60),
            ConditionRate(condition: "plain", passed: 60, counted: 60),
            ConditionRate(condition: "slow tasks", passed: 60, counted: 60),
            ConditionRate(condition: "cpus 1", passed: 60, counted: 60),
            ConditionRate(condition: "busy CPUs", passed: 60, counted: 60),
        ]
        let restarted = Self.arms(seed: 5)
        var earlier = TestSummary(
            tally: TestTally(identity: TestIdentity(canonicalID: "M.S/racy()", framework: .swiftTesting)),
            confidence: 0.95)
        earlier.conditionRates = rates
        restarted.start(from: [earlier])
        restarted.learn(groups: [[TestIdentity(canonicalID: "M.S/racy()", framework: .swiftTesting)]])
        plan.arms = restarted
        #expect((0..<200).filter { plan.conditions(forRun: $0).arm == .alone }.count > 180)
        // What a learner knew is handed on whole (`learnedArms`), so a chain of sessions keeps learning.
        let handedOn = try #require(restarted.learned("M.S/racy()"))
        #expect(
            handedOn.first { $0.condition == "alone" } == ConditionRate(condition: "alone", passed: 40, counted: 60))
        var next = earlier
        next.conditionRates = nil
        next.learnedArms = handedOn
        let chained = Self.arms(seed: 5)
        chained.start(from: [next])
        #expect(chained.learned("M.S/racy()") == handedOn)
    }

    /// The Beta draws behind the learned share have the right mean and spread, and cost the same for
    /// counts of a million runs as for a few (Marsaglia and Tsang's gamma, not a sum of exponentials).
    @Test func betaDrawsHaveTheirDistributionsMean() {
        var random = SplitMix64(seed: 11)
        let draws = (0..<4000).map { _ in PosteriorDraw.beta(3, 7, &random) }
        let mean = draws.reduce(0, +) / Double(draws.count)
        let variance = draws.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(draws.count)
        #expect(abs(mean - 0.3) < 0.01)
        #expect(abs(variance - 0.3 * 0.7 / 11) < 0.003)
        #expect(draws.allSatisfy { $0 > 0 && $0 < 1 })
        let large = (0..<200).map { _ in PosteriorDraw.beta(10_001, 990_001, &random) }
        #expect(large.allSatisfy { abs($0 - 0.01) < 0.001 })
    }

    /// A replay repeats a run alone as alone, and does not claim "side by side" for its runs, which may
    /// have one worker.
    @Test func aReplayKeepsAloneButNotSideBySide() {
        var saved = PerturbationConditions(
            seed: 3, delayProbability: nil, delayMaxMicroseconds: nil, cpus: 2,
            swiftTesting: .parallel, deterministicHashing: false)
        saved.alone = true
        #expect(
            PerturbationPlan(seed: 1, availableCPUs: 2, hookLibrary: nil, fixed: saved).conditions(forRun: 4).alone
                == true)
        saved.alone = false
        #expect(
            PerturbationPlan(seed: 1, availableCPUs: 2, hookLibrary: nil, fixed: saved).conditions(forRun: 4).alone
                == nil)
    }

    /// An alone run waits for the runs in flight and holds back the runs that come after it until it
    /// ends. Each step waits for the gate's own state, not for time, so the order is exact.
    @Test func anAloneRunHasTheMachineToItself() {
        let gate = AloneRunGate()
        let log = LockedLog()
        let done = DispatchGroup()
        gate.enter(alone: false)
        DispatchQueue.global().async(group: done) {
            gate.enter(alone: true)
            log.append("alone in")
            log.append("alone out")
            gate.leave(alone: true)
        }
        while gate.waitingAlone == 0 { usleep(1000) }
        DispatchQueue.global().async(group: done) {
            gate.enter(alone: false)
            log.append("later in")
            gate.leave(alone: false)
        }
        usleep(20_000)  // the later run, were the gate wrong, would be in by now
        log.append("first out")
        gate.leave(alone: false)
        done.wait()
        #expect(log.lines == ["first out", "alone in", "alone out", "later in"])
    }

    private final class LockedLog: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        var lines: [String] { lock.withLock { stored } }
    }

    /// `--perturb-noise` adds a noise arm: its runs, and only they, have noise (CPU, memory or both), and
    /// nothing else; without the flag there is no such arm.
    @Test func noiseIsAnArmOfItsOwn() {
        var noisy = PlanWithLearner(
            PerturbationPlan(seed: 42, availableCPUs: 2, hookLibrary: Self.plan.hookLibrary, noise: true))
        noisy.arms = Self.arms(noise: true)
        let drawn = (0..<120).map(noisy.conditions(forRun:))
        let withNoise = drawn.filter { $0.cpuNoise != nil || $0.memoryNoiseMegabytes != nil }
        #expect(
            !withNoise.isEmpty
                && withNoise.allSatisfy { $0.arm == .noise && $0.delayProbability == nil && $0.cpus == 2 })
        #expect(drawn.filter { $0.arm == .noise }.count == withNoise.count)
        #expect(Set(withNoise.compactMap(\.cpuNoise)).isSubset(of: [0.25, 0.5, 0.75]))
        #expect(Set(withNoise.compactMap(\.memoryNoiseMegabytes)).isSubset(of: [64, 256]))
        var quietPlan = PlanWithLearner(Self.plan)
        quietPlan.arms = Self.arms()
        #expect(
            (0..<120).allSatisfy {
                quietPlan.conditions(forRun: $0).cpuNoise == nil && quietPlan.conditions(forRun: $0).arm != .noise
            })
        // Without the library (macOS, swift-test mode) there is nothing to make noise with.
        let nowhere = PerturbationPlan(seed: 42, availableCPUs: 2, hookLibrary: nil, noise: true)
        #expect((0..<50).allSatisfy { !nowhere.conditions(forRun: $0).needsHookLibrary })
        var quiet = PerturbationConditions(
            seed: 1, delayProbability: nil, delayMaxMicroseconds: nil, cpus: 2,
            swiftTesting: .parallel, deterministicHashing: false)
        quiet.cpuNoise = 0.5
        quiet.memoryNoiseMegabytes = 64
        let applied = Self.plan.apply(
            quiet, to: ProcessRequest(executable: "/bin/T.xctest", arguments: [], environment: [:]))
        #expect(applied.environment["LD_PRELOAD"] == "/opt/hook/libFlakeCheckSchedulerHook.so")
        #expect(applied.environment["FLAKECHECK_NOISE_CPU"] == "0.5")
        #expect(applied.environment["FLAKECHECK_NOISE_MEMORY_MB"] == "64")
        #expect(applied.environment["FLAKECHECK_DELAY_PROBABILITY"] == nil)
        #expect(quiet.labels.suffix(2) == ["cpu noise 50%", "memory noise 64 MB"])
    }

    /// Where test processes cannot be limited to fewer CPUs (macOS), no run claims a limit.
    @Test func withoutPinningEveryRunRecordsAllCPUs() {
        let plan = PerturbationPlan(seed: 42, availableCPUs: 4, hookLibrary: nil, pinsCPUs: false)
        #expect((0..<50).allSatisfy { plan.conditions(forRun: $0).cpus == 4 })
        let request = plan.apply(
            plan.conditions(forRun: 0), to: ProcessRequest(executable: "/bin/T", arguments: [], environment: [:]))
        #expect(request.cpuLimit == nil)
        var saved = plan.conditions(forRun: 0)
        saved.cpus = 1
        let replay = PerturbationPlan(seed: 1, availableCPUs: 4, hookLibrary: nil, fixed: saved, pinsCPUs: false)
        #expect(replay.conditions(forRun: 0).cpus == 4)
        let linux = PerturbationPlan(seed: 42, availableCPUs: 4, hookLibrary: nil, pinsCPUs: true)
        #expect(
            (0..<50).map { plan.conditions(forRun: $0).swiftTesting }
                == (0..<50).map { linux.conditions(forRun: $0).swiftTesting })
    }

    @Test func conditionsAreAppliedToTheTestProcess() {
        let conditions = PerturbationConditions(
            seed: 9, delayProbability: 0.2, delayMaxMicroseconds: 300, delayMode: .tasks, cpus: 1,
            swiftTesting: .width(3), deterministicHashing: true)
        let request = ProcessRequest(
            executable: "/bin/T.xctest",
            arguments: ["--testing-library", "swift-testing", "--filter", "x"],
            environment: ["LD_PRELOAD": "/lib/other.so"])
        let applied = Self.plan.apply(conditions, to: request)
        #expect(applied.environment["LD_PRELOAD"] == "/lib/other.so:/opt/hook/libFlakeCheckSchedulerHook.so")
        #expect(applied.environment["FLAKECHECK_DELAY_PROBABILITY"] == "0.2")
        #expect(applied.environment["FLAKECHECK_DELAY_MAX_US"] == "300")
        #expect(applied.environment["FLAKECHECK_DELAY_MODE"] == "1", "the hook reads its mode by number")
        #expect(conditions.labels.first == "slow tasks")
        #expect(applied.environment["SWIFT_DETERMINISTIC_HASHING"] == "1")
        #expect(applied.cpuLimit == 1)
        #expect(applied.arguments.suffix(2) == ["--experimental-maximum-parallelization-width", "3"])
        var serial = conditions
        serial.swiftTesting = .serial
        serial.delayProbability = nil
        let xctest = Self.plan.apply(
            serial, to: ProcessRequest(executable: "/bin/T.xctest", arguments: ["A.B/c"], environment: [:]))
        #expect(xctest.arguments == ["A.B/c"])
        #expect(xctest.environment["LD_PRELOAD"] == nil)
        #expect(Self.plan.apply(serial, to: request).arguments.last == "--no-parallel")
    }

    /// `--explore-schedules`: every run orders jobs at a depth of its own (1 to 3) and varies nothing that
    /// would blur which order failed (no delays, every CPU, parallel Swift Testing); the hook library is
    /// told the depth and the run's seed, and the same seed draws the same runs.
    @Test func exploringSchedulesDrawsADepthPerRunAndNothingElse() {
        var plan = PerturbationPlan(seed: 42, availableCPUs: 4, hookLibrary: "/opt/hook/libFlakeCheckSchedulerHook.so")
        plan.schedules = true
        let drawn = (0..<60).map(plan.conditions(forRun:))
        #expect(Set(drawn.compactMap(\.scheduleDepth)) == [1, 2, 3])
        #expect(
            drawn.allSatisfy {
                $0.scheduleDepth != nil && $0.delayProbability == nil && $0.cpus == 4 && $0.swiftTesting == .parallel
            })
        #expect(drawn == (0..<60).map(plan.conditions(forRun:)))
        #expect(Set(drawn.map(\.seed)).count == 60)
        let first = drawn[0]
        #expect(first.labels.first == "schedules depth \(first.scheduleDepth!)")
        let applied = plan.apply(
            first, to: ProcessRequest(executable: "/bin/T.xctest", arguments: ["A.B/c"], environment: [:]))
        #expect(applied.environment["LD_PRELOAD"] == "/opt/hook/libFlakeCheckSchedulerHook.so")
        #expect(applied.environment["FLAKECHECK_SCHEDULE_DEPTH"] == String(first.scheduleDepth!))
        #expect(applied.environment["FLAKECHECK_SCHEDULE_SEED"] == String(first.seed))
        #expect(applied.environment["FLAKECHECK_DELAY_PROBABILITY"] == nil)
        // A replay without the library cannot order jobs, and its record must not say it did.
        let replay = PerturbationPlan(seed: 1, availableCPUs: 4, hookLibrary: nil, fixed: first)
        #expect(replay.conditions(forRun: 0).scheduleDepth == nil)
    }

    /// `--shorten-sleeps` adds an arm: its runs, and only they, shorten sleeps (and slow tasks), not alone;
    /// told to the hook library; kept by a replay only where the library is; refused beside
    /// `--explore-schedules`.
    @Test func shortenedSleepsAreAnArmOfTheirOwn() {
        var plan = PlanWithLearner(PerturbationPlan(seed: 42, availableCPUs: 2, hookLibrary: Self.plan.hookLibrary))
        plan.shortenSleeps = true
        plan.arms = Self.arms(shortenSleeps: true)
        let drawn = (0..<200).map(plan.conditions(forRun:))
        let shortened = drawn.filter { $0.sleepScale != nil }
        #expect(!shortened.isEmpty && shortened.count == drawn.filter { $0.arm == .shortSleeps }.count)
        // Asked again (the executor asks for a run's conditions more than once), a run draws the same.
        #expect((0..<200).map(plan.conditions(forRun:)) == drawn)
        // Slow tasks beside them: a shortened guess is often still long enough for work that is not slowed.
        #expect(
            shortened.allSatisfy {
                $0.sleepScale == 0.01 && $0.alone == false && $0.delayMode == .tasks
                    && $0.delayProbability != nil
            })
        var without = plan
        without.shortenSleeps = false
        without.arms = Self.arms()
        #expect((0..<200).allSatisfy { without.conditions(forRun: $0).sleepScale == nil })
        let first = shortened[0]
        #expect(first.labels.filter { $0 == "sleeps x0.01" }.count == 1)
        let applied = plan.plan.apply(
            first, to: ProcessRequest(executable: "/bin/T.xctest", arguments: [], environment: [:]))
        #expect(applied.environment["FLAKECHECK_SLEEP_SCALE"] == "0.01")
        #expect(applied.environment["LD_PRELOAD"] == "/opt/hook/libFlakeCheckSchedulerHook.so")
        #expect(
            PerturbationPlan(seed: 1, availableCPUs: 2, hookLibrary: nil, fixed: first).conditions(forRun: 0).sleepScale
                == nil)
        #expect(
            PerturbationPlan(seed: 1, availableCPUs: 2, hookLibrary: "h.so", fixed: first).conditions(forRun: 0)
                .sleepScale == 0.01)
        let (status, _, stderr) = CommandLineTests.run(["run", "--explore-schedules", "--shorten-sleeps", "--no-build"])
        #expect(status == 64 && stderr.contains("--shorten-sleeps"), "\(stderr)")
        // Where the library cannot be preloaded, no sleep could be shortened: refused, not pretended.
        let (swiftTest, _, said) = CommandLineTests.run([
            "run", "--shorten-sleeps", "--mode", "swift-test", "--no-build",
        ])
        #expect(swiftTest == 64 && said.contains("--shorten-sleeps needs the scheduler hook library"), "\(said)")
    }

    @Test func exploringSchedulesRefusesWhatWouldBlurIt() {
        for extra in [
            ["--perturb-noise"], ["--sanitize", "thread"], ["--mode", "swift-test"],
            ["--replay", "Reports/report.json", "--run", "1"],
        ] {
            let (status, _, stderr) = CommandLineTests.run(["run", "--explore-schedules", "--no-build"] + extra)
            #expect(status == 64, "\(extra): \(stderr)")
            #expect(stderr.contains("--explore-schedules"), "\(extra): \(stderr)")
        }
    }

    /// Shards of a perturbed session merge into rates per condition over every shard's runs.
    @Test func mergedShardsPoolTheirRatesPerCondition() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testEveryFourth", .failsEvery(4))])
        let shards = try ["1/2", "2/2"].map { shard in
            try #require(
                try RunHarnessTests.session(
                    package,
                    ["run", "--runs", "16", "--shard", shard, "--workers", "1", "--perturb-seed", "7", "--quiet"]
                ).report)
        }
        let merged = try ReportMerger().merge([("a.json", shards[0]), ("b.json", shards[1])])
        let test = try #require(merged.tests.first)
        let byCPUs = test.conditionRates?.filter { $0.condition.hasPrefix("cpus ") } ?? []
        #expect(byCPUs.reduce(0) { $0 + $1.counted } == 16)
        #expect(byCPUs.reduce(0) { $0 + $1.counted - $1.passed } == test.failed)
        #expect(test.failed == 4)
        #expect(merged.configuration.perturbSeed == 7)
        // The seed repeats the shards' draws only with the flags they all ran with.
        var shortened = shards[1]
        shortened.configuration.shortenSleeps = true
        #expect(
            try ReportMerger().merge([("a.json", shards[0]), ("b.json", shortened)]).configuration.shortenSleeps == nil)
        var both = shards[0]
        both.configuration.shortenSleeps = true
        #expect(
            try ReportMerger().merge([("a.json", both), ("b.json", shortened)]).configuration.shortenSleeps == true)
    }

    /// A merge of 2 of 3 planned shards printed no warning and gated on 60 of 90 runs: it is refused,
    /// naming the missing shard; so are a repeated shard and a report that is not a shard.
    @Test func mergeRefusesAnIncompleteSetOfShards() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let shards = try ["1/3", "2/3", "3/3"].map { shard in
            try #require(
                try RunHarnessTests.session(package, ["run", "--runs", "6", "--shard", shard, "--quiet"]).report)
        }
        #expect(throws: FlakeCheckError.missingShards([2], of: 3)) {
            _ = try ReportMerger().merge([("a.json", shards[0]), ("c.json", shards[2])])
        }
        #expect("\(FlakeCheckError.missingShards([2], of: 3))".contains("shard 2/3 is missing"))
        #expect(throws: FlakeCheckError.self) {
            _ = try ReportMerger().merge([("a.json", shards[0]), ("b.json", shards[1]), ("b2.json", shards[1])])
        }
        let whole = try ReportMerger().merge([("a.json", shards[0]), ("b.json", shards[1]), ("c.json", shards[2])])
        #expect(whole.tests.first?.history == "PPPPPP")
    }

    @Test func failuresUnderOneConditionAreNamed() {
        func conditions(cpus: Int) -> PerturbationConditions {
            PerturbationConditions(
                seed: 1, delayProbability: nil, delayMaxMicroseconds: nil, cpus: cpus,
                swiftTesting: .parallel, deterministicHashing: false)
        }
        let runs = Dictionary(uniqueKeysWithValues: (0..<12).map { ($0, conditions(cpus: $0 % 2 == 0 ? 1 : 2)) })
        let rates = ConditionRates.rates(history: "FPFPFPFPFPFP", conditions: runs)
        #expect(
            rates.first { $0.condition == "cpus 1" } == ConditionRates.Rate(condition: "cpus 1", passed: 0, counted: 6))
        // 0.5^6 for cpus 1, times the 2 conditions that split the runs (cpus 1, cpus 2).
        #expect(
            ConditionRates.finding(rates)?.sentence
                == "fails only with cpus 1 (6 of 6 failures, in 6 of 12 runs; 3.1% by chance)")
        #expect(ConditionRates.finding(ConditionRates.rates(history: "FPPFPPPPPPPP", conditions: runs)) == nil)
        // Every failure with cpus 1, but 5 of them in runs half of which had it: 2 × 0.5^5 = 6.3% by chance
        // alone is no evidence, so nothing is said.
        #expect(ConditionRates.finding(ConditionRates.rates(history: "FPFPFPFPFPPP", conditions: runs)) == nil)
    }

    /// Deterministic tests keep exact verdicts: every 4th start fails, perturbed or not: 5 of 20.
    @Test func deterministicOutcomesStayExactUnderPerturbation() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testEveryFourth", .failsEvery(4)),
            RunHarnessTests.swiftTesting("M.S/gated()"),
        ])
        let session = try RunHarnessTests.session(
            package, ["run", "--runs", "20", "--workers", "2", "--perturb-seed", "7", "--quiet"])
        RunHarnessTests.expectInvariant(session, package, runs: 20)
        #expect(session.test("M.C/testEveryFourth")?.failed == 5)
        #expect(session.test("M.S/gated()")?.passed == 20)
        let report = try #require(session.report)
        #expect(report.configuration.perturbSeed == 7)
        // Every report says the runs were perturbed, and how to repeat them.
        #expect(
            session.stdout.contains(
                "Every run was perturbed (--perturb-seed 7 repeats its conditions, except each "
                    + "run's arm, which followed the failures)."), "\(session.stdout)")
        #expect(MarkdownReport().render(report).contains("`--perturb-seed 7` repeats its conditions, except"))
        #expect(HTMLReport().render(report).contains("seed 7 (--perturb-seed 7 repeats it; each run"))
        for run in report.runs {
            // Every run has an arm, and an arm varies only what it is: alone and plain runs are plain.
            let conditions = try #require(run.perturbation)
            #expect(conditions.arm != nil && conditions.alone != nil)
            if conditions.arm == .alone || conditions.arm == .plain {
                #expect(conditions.cpus == ProcessInfo.processInfo.activeProcessorCount && !conditions.needsHookLibrary)
            }
        }
        // A run drawn alone overlapped no other run: the other worker waited for it. Which runs of this
        // session are alone follows the failures as they finish; a hunt of runs alone and plain runs of a
        // test that never fails goes round the two families, one of each in its first two turns.
        let passing = try FakePackage(tests: [RunHarnessTests.swiftTesting("M.S/gated()")])
        let mixed = try #require(
            RunHarnessTests.session(
                passing,
                [
                    "run", "--runs", "8", "--workers", "2", "--hunt", "--arms", "alone,plain", "--perturb-seed", "7",
                    "--quiet",
                ]
            ).report)
        for sessionReport in [report, mixed] {
            let alone = sessionReport.runs.filter { $0.perturbation?.alone == true }
            for run in alone {
                let (start, end) = (try #require(run.startSeconds), try #require(run.endSeconds))
                #expect(
                    !sessionReport.runs.contains {
                        $0.index != run.index && ($0.startSeconds ?? 0) < end && ($0.endSeconds ?? 0) > start
                    })
            }
        }
        let mixedArms = mixed.runs.prefix(2).compactMap { $0.perturbation?.arm }
        #expect(Set(mixedArms) == [.alone, .plain], "\(mixed.runs.map { $0.perturbation?.arm })")
        #expect(report.tests.first { $0.id == "M.C/testEveryFourth" }?.conditionRates?.isEmpty == false)
        // Swift Testing's parallelism cannot touch an XCTest test, so its rates do not list it.
        let xctestLabels = report.tests.first { $0.id == "M.C/testEveryFourth" }?.conditionRates?.map(\.condition) ?? []
        #expect(!xctestLabels.isEmpty && !xctestLabels.contains { $0.hasPrefix("swift-testing ") })
        let swiftTestingLabels = report.tests.first { $0.id == "M.S/gated()" }?.conditionRates?.map(\.condition) ?? []
        #expect(swiftTestingLabels.contains { $0.hasPrefix("swift-testing ") })
        // The run that repeats the first failure is the first failing run of the history, and the report
        // says how to see it again. (Every 4th start fails, but with two workers the 4th start can be
        // run 3's or run 4's process: which run it is depends on which process starts first.)
        let everyFourth = try #require(report.tests.first { $0.id == "M.C/testEveryFourth" })
        let again = try #require(everyFourth.reproduction)
        let firstFailure =
            try #require(everyFourth.history.firstIndex(of: "F")).utf16Offset(in: everyFourth.history) + 1
        #expect(again.firstFailingRun == firstFailure)
        #expect(session.stdout.contains("--replay "), "\(session.stdout)")
        #expect(session.stdout.contains("report.json --run \(firstFailure)"), "\(session.stdout)")
        #expect(report.tests.first { $0.id == "M.S/gated()" }?.reproduction == nil)
        let swiftTestingRequests = session.launcher.requests.filter {
            $0.arguments.contains("--event-stream-output-path")
        }
        #expect(
            !swiftTestingRequests.isEmpty && !swiftTestingRequests.contains { $0.arguments.contains("--no-parallel") })
    }

    /// `--stress` is kept for old scripts: any level perturbs, and says so even with --quiet.
    @Test func stressIsAnAliasOfPerturbWithANote() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testEveryFourth", .failsEvery(4))])
        let session = try RunHarnessTests.session(
            package, ["run", "--runs", "8", "--workers", "1", "--stress", "3", "--quiet"])
        #expect(session.report?.configuration.perturbSeed != nil)
        #expect(session.report?.runs.allSatisfy { $0.perturbation != nil } == true)
        #expect(session.test("M.C/testEveryFourth")?.failed == 2)
        #expect(session.stderr.contains("--stress is gone"))
        let plain = try RunHarnessTests.session(
            package, ["run", "--runs", "2", "--workers", "1", "--stress", "0", "--quiet"])
        #expect(plain.report?.configuration.perturbSeed == nil)
        #expect(CommandLineTests.run(["run", "--perturb-seed", "x"]).0 == ExitCode.usage)
    }
}

/// `run --replay REPORT --run K` re-runs run K's failing tests under run K's conditions.
@Suite struct ReplayTests {
    /// The printed `again:` command names the report in its own folder: its replay goes to a folder of
    /// its own beside it, and the report it replays stays byte for byte.
    @Test func aReplayIntoTheReportsFolderDoesNotOverwriteIt() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testEveryFourth", .failsEvery(4))])
        let output = package.folder + "/Reports"
        let first = RunHarnessTests.plainRun(package, ["run", "--runs", "4", "--workers", "1", "--output", output])
        #expect(first == ExitCode.gateFailed)
        let before = try Data(contentsOf: URL(fileURLWithPath: output + "/report.json"))
        let replay = RunHarnessTests.plainRun(
            package, ["run", "--replay", output + "/report.json", "--run", "4", "--runs", "1", "--output", output])
        #expect(replay == ExitCode.gateFailed || replay == ExitCode.success)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/report.json")) == before)
        #expect(FileManager.default.fileExists(atPath: output + "/replay-run-4/report.json"))
    }

    @Test func replayRerunsTheFailingTestsOfOneRunUnderItsConditions() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testEveryFourth", .failsEvery(4)),
            RunHarnessTests.xctest("M.C/testStable"),
        ])
        let first = try RunHarnessTests.session(
            package, ["run", "--runs", "8", "--workers", "1", "--perturb-seed", "3", "--quiet"])
        let report = try #require(first.report)
        let failedRun = try #require(report.tests.first { $0.id == "M.C/testEveryFourth" }?.history.firstIndex(of: "F"))
        let runNumber = report.tests[0].history.distance(from: report.tests[0].history.startIndex, to: failedRun) + 1
        let saved = package.folder + "/saved.json"
        try JSONReportFormat.encode(report).write(to: URL(fileURLWithPath: saved))
        let replay = try RunHarnessTests.session(
            package,
            [
                "run", "--replay", saved, "--run", "\(runNumber)", "--runs", "4",
                "--workers", "1", "--quiet",
            ])
        #expect(replay.report?.tests.map(\.id) == ["M.C/testEveryFourth"])
        let wanted = try #require(report.runs.first { $0.index == runNumber - 1 }?.perturbation)
        for run in replay.report?.runs ?? [] {
            #expect(run.perturbation?.cpus == wanted.cpus)
            #expect(run.perturbation?.swiftTesting == wanted.swiftTesting)
            #expect(run.perturbation?.deterministicHashing == wanted.deterministicHashing)
        }
        #expect(replay.report?.runs.count == 4)
        // The replayed run's hook seed is its own: `--perturb-seed` with it would draw other conditions,
        // so the report names the run it replayed instead.
        #expect(replay.report?.configuration.perturbSeed == nil)
        #expect(replay.report?.configuration.replayed == ReplayedRun(report: saved, run: runNumber))
        #expect(replay.stdout.contains("Every run had the conditions of run \(runNumber) of"), "\(replay.stdout)")
        // Every fourth start fails: the 4 replays continue the counter from 8 starts, so run 4 fails again.
        #expect(
            replay.stdout.contains("The failure came back in 1 of 4 replays (25.0%, 95% 4.6%-69.9%)."),
            "\(replay.stdout)")
        #expect(!replay.stdout.contains("--perturb-seed"))
        #expect(replay.report?.tests.allSatisfy { $0.reproduction == nil && $0.conditionRates == nil } == true)
        let (code, _, err) = CommandLineTests.run(["run", "--replay", saved, "--run", "2"])
        #expect(code == ExitCode.usage)
        #expect(err.contains("no test failed, crashed or timed out in run 2"))
        #expect(CommandLineTests.run(["run", "--replay", saved]).0 == ExitCode.usage)
        #expect(
            CommandLineTests.run(["compare", "--strategy", "a=b", "--replay", saved, "--run", "4"]).0 == ExitCode.usage)
    }
}

/// After a `--perturb` run, each flaky test's report says the condition it failed
/// under most (when one stood above its own rate) and the run that repeats its first failure.
@Suite struct ReproductionTests {
    static func conditions(_ labels: [(delays: Bool, cpus: Int)]) -> [Int: PerturbationConditions] {
        Dictionary(
            uniqueKeysWithValues: labels.enumerated().map { index, run in
                (
                    index,
                    PerturbationConditions(
                        seed: UInt64(index), delayProbability: run.delays ? 0.1 : nil,
                        delayMaxMicroseconds: run.delays ? 100 : nil, cpus: run.cpus,
                        swiftTesting: .parallel, deterministicHashing: false)
                )
            })
    }

    /// 24 runs, half with delays; all 8 failures with delays (runs 2, 4, ..., 16). Without plain runs the
    /// baseline is the runs without delays: 0.5^8, times the 2 conditions that split the runs, is 0.8%, so
    /// `delayed jobs` is named; with 4 of them (0.5^4 × 2 = 12.5%) it is not.
    @Test func aConditionIsNamedOnlyBeyondChance() {
        let runs = Self.conditions((0..<24).map { (delays: $0 % 2 == 1, cpus: 2) })
        let history = "PFPFPFPFPFPFPFPFPPPPPPPP"
        let rates = ConditionRates.rates(history: history, conditions: runs, framework: .xctest)
        let again = ConditionRates.reproduction(history: history, rates: rates, conditions: runs)
        #expect(again?.condition == "delayed jobs" && again?.conditionFailures == 8 && again?.conditionRuns == 12)
        #expect(again?.firstFailingRun == 2 && again?.baselineIsPlain == false)
        #expect(
            again?.worded(reportPath: "R/report.json")
                == "fails most under delayed jobs: 8 of 12 runs (66.7%, 95% 39.1%-86.2%) against the other runs' 0 of "
                + "12 (0%, "
                + "95% 0%-24.2%); run 2, its first failure, again: "
                + "flakecheck run --replay R/report.json --run 2")
        let fewer = "PFPFPFPFPPPPPPPPPPPPPPPP"
        let few = ConditionRates.reproduction(
            history: fewer, rates: ConditionRates.rates(history: fewer, conditions: runs), conditions: runs)
        #expect(few == Reproduction(firstFailingRun: 2))
    }

    /// Under `--hunt` the baseline is plain runs: "2 of 6" under slow tasks against plain's 1 of 40 names
    /// nothing (the chance is too high), 12 of 40 against 1 of 40 does, and the sentence gives both rates.
    @Test func underTheHuntAConditionMustBeatPlain() {
        func runs(slow: Int, plain: Int) -> [Int: PerturbationConditions] {
            Dictionary(
                uniqueKeysWithValues: (0..<(slow + plain)).map { index in
                    var conditions = PerturbationConditions(
                        seed: 1, delayProbability: index < slow ? 0.1 : nil,
                        delayMaxMicroseconds: index < slow ? 300 : nil,
                        delayMode: .tasks, cpus: 2, swiftTesting: .parallel,
                        deterministicHashing: false)
                    conditions.arm = index < slow ? .slowTasks : .plain
                    return (index, conditions)
                })
        }
        let weak =
            String(repeating: "F", count: 2) + String(repeating: "P", count: 4) + "F"
            + String(repeating: "P", count: 39)
        let weakRuns = runs(slow: 6, plain: 40)
        let none = ConditionRates.reproduction(
            history: weak, rates: ConditionRates.rates(history: weak, conditions: weakRuns),
            conditions: weakRuns)
        #expect(none?.condition == nil && none?.baselineFailures == 1 && none?.baselineRuns == 40)
        #expect(
            none?.worded(reportPath: "R/report.json").hasPrefix(
                "no condition beat plain runs beyond chance (plain: 1 of 40 runs (2.5%, 95% 0.4%-12.9%)); run 1")
                == true)
        let strong =
            String(repeating: "F", count: 12) + String(repeating: "P", count: 28) + "F"
            + String(repeating: "P", count: 39)
        let strongRuns = runs(slow: 40, plain: 40)
        let named = ConditionRates.reproduction(
            history: strong, rates: ConditionRates.rates(history: strong, conditions: strongRuns),
            conditions: strongRuns)
        #expect(named?.condition == "slow tasks" && named?.conditionFailures == 12 && (named?.chance ?? 1) < 0.05)
        #expect(
            named?.worded(reportPath: "R/report.json").hasPrefix(
                "fails most under slow tasks: 12 of 40 runs (30.0%, 95% 18.1%-45.4%) against plain's 1 of 40 (2.5%, "
                    + "95% 0.4%-12.9%); run 1"
            )
                == true, "\(named?.worded(reportPath: "R/report.json") ?? "")")
    }

    /// Failures spread evenly over every condition: none is named, the first failure still is.
    @Test func noConditionIsNamedWhenNoneStandsOut() {
        let runs = Self.conditions((0..<8).map { _ in (delays: true, cpus: 2) })
        let rates = ConditionRates.rates(history: "PPFPPPFP", conditions: runs)
        #expect(
            ConditionRates.reproduction(history: "PPFPPPFP", rates: rates, conditions: runs)
                == Reproduction(firstFailingRun: 3))
        #expect(ConditionRates.reproduction(history: "PPPP", rates: rates, conditions: runs) == nil)
    }
}
