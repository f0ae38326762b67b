import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Before any failure, `--hunt` starts where each selected test's hint says its kind of race shows soonest,
/// and `--arms` keeps a hunt to the arms asked for.
@Suite struct HuntLeadTests {
    static let yieldTest = TestIdentity(canonicalID: "M.S/yieldOnce()", framework: .swiftTesting)
    static let otherTest = TestIdentity(canonicalID: "M.S/other()", framework: .swiftTesting)

    static func plan(_ arms: ConditionArms) -> PlanWithLearner {
        PlanWithLearner(
            PerturbationPlan(seed: 42, availableCPUs: 2, hookLibrary: PerturbationTests.plan.hookLibrary), arms: arms)
    }

    /// A yield test opens with ordered schedules four times, slow tasks, schedules, delayed jobs and a run
    /// alone, played through once; then four turns in five go through it again until a failure and the fifth
    /// goes round the families, so every arm gets runs.
    @Test func aYieldTestOpensWithTheArmsThatShowYieldRaces() {
        let arms = PerturbationTests.arms()
        arms.learn(groups: [[Self.yieldTest]])
        arms.follow(hints: [Self.yieldTest.id: .yieldGated])
        let plan = Self.plan(arms)
        let yieldOpening: [ConditionArm] = [
            .schedules, .schedules, .schedules, .schedules, .slowTasks, .schedules, .delayedJobs, .alone,
        ]
        let drawn = (0..<58).map { plan.conditions(forRun: $0).arm! }
        #expect(Array(drawn.prefix(8)) == yieldOpening, "\(drawn)")
        let later = Array(drawn.dropFirst(8))
        let again = later.indices.filter { $0 % 5 != 4 }.map { later[$0] }
        #expect(again == Array(Array(repeating: yieldOpening, count: 5).joined().prefix(40)), "\(drawn)")
        let between = later.indices.filter { $0 % 5 == 4 }.map { later[$0] }
        #expect(Set(between.prefix(5).map(\.family)) == [.delays, .alone, .plain, .serial, .load], "\(between)")
        #expect(between.filter { $0.family == .serial } == [.schedules, .oneCPU], "\(between)")
    }

    /// Yields that poll one object before a check of another's (the view model hand-off) open with runs
    /// alone three turns in five, delayed jobs and slow tasks the others; with one worker plain runs stand
    /// in for runs alone. Other yields keep their opening.
    @Test func yieldsThatPollAProxyOpenAlone() {
        func opening(workers: Int) -> [ConditionArm] {
            let arms = PerturbationTests.arms(workers: workers)
            arms.learn(groups: [[Self.yieldTest]])
            arms.follow(hints: [Self.yieldTest.id: .yieldGated], pollingAProxy: [Self.yieldTest.id])
            let plan = Self.plan(arms)
            return (0..<5).map { plan.conditions(forRun: $0).arm! }.prefix(4).map { $0 }
        }
        #expect(opening(workers: 2) == [.alone, .alone, .delayedJobs, .alone])
        #expect(opening(workers: 1) == [.plain, .plain, .delayedJobs, .plain])
    }

    /// What each hint opens with: a sleep gate with short sleeps only where they were asked for (slow tasks
    /// otherwise), an unawaited `Task {}` with a plain run, anything else with a run alone where the test
    /// has partners in its suite, and ordered schedules where it has none.
    @Test func eachHintOpensWithTheArmThatShowedItsRaceSoonest() {
        func firstArm(
            _ hint: SynchronisationHint, tests: [TestIdentity] = [HuntLeadTests.yieldTest],
            workers: Int = 2, shortenSleeps: Bool = false
        ) -> ConditionArm {
            let arms = PerturbationTests.arms(workers: workers, shortenSleeps: shortenSleeps)
            arms.learn(groups: [tests])
            arms.follow(hints: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, hint) }))
            return Self.plan(arms).conditions(forRun: 0).arm!
        }
        #expect(firstArm(.sleepGated, shortenSleeps: true) == .shortSleeps)
        #expect(firstArm(.unknown) == .slowTasks)
        #expect(firstArm(.sleepGated) == .slowTasks)
        #expect(firstArm(.yieldGated, workers: 1) == .schedules)
        #expect(firstArm(.unstructuredTask) == .plain)
        #expect(firstArm(.none) == .schedules)
        #expect(firstArm(.continuationGated, tests: [Self.yieldTest, Self.otherTest]) == .alone)
        #expect(firstArm(.none, workers: 1) == .schedules)
    }

    /// A test read gated or without synchronisation that something can race beside it (partners in its
    /// suite, or state its code shares with the process) opens with runs alone three turns in five and pairs
    /// apart two; one that nothing can, with ordered schedules three in four, and only when the selection has
    /// no likelier race.
    @Test func partnersDecideWhereAnUnhintedRaceIsLookedFor() {
        func opening(_ tests: [TestIdentity], workers: Int = 2) -> [ConditionArm] {
            let arms = PerturbationTests.arms(workers: workers)
            arms.learn(groups: [tests])
            arms.follow(hints: Dictionary(uniqueKeysWithValues: tests.map { ($0.id, .none) }))
            let plan = Self.plan(arms)
            return (0..<8).map { plan.conditions(forRun: $0).arm! }
        }
        #expect(
            opening([Self.yieldTest, Self.otherTest])
                == [.alone, .pairsApart, .alone, .pairsApart, .alone, .alone, .pairsApart, .alone])
        #expect(
            opening([Self.yieldTest]) == [
                .schedules, .schedules, .slowTasks, .schedules, .schedules, .schedules,
                .slowTasks, .schedules,
            ])
        let xctests = ["a()", "b()"].map { TestIdentity(canonicalID: "M.T/\($0)", framework: .xctest) }
        let xctests2 = ["c()", "d()", "e()"].map { TestIdentity(canonicalID: "M.U/\($0)", framework: .xctest) }
        #expect(opening(xctests).first == .schedules)
        // Shared state: the test's own child tasks, or any other code of its process, can race it there.
        let counter = TestIdentity(canonicalID: "M.S/counts()", framework: .swiftTesting)
        let sharing = PerturbationTests.arms()
        sharing.learn(groups: [[counter]])
        sharing.follow(hints: [counter.id: .continuationGated], sharingState: [counter.id])
        #expect((0..<4).map { Self.plan(sharing).conditions(forRun: $0).arm } == [.alone, .alone, .alone, .alone])
        // Beside tests that can be raced, the quiet tests (XCTest, one at a time, nothing shared) open nothing:
        // however many they are, no schedules in the opening.
        #expect(
            opening([Self.yieldTest, Self.otherTest] + xctests + xctests2)
                == opening([Self.yieldTest, Self.otherTest]))
        // Beside a hazard, too: a yield test and quiet tests open as the yield test alone.
        let yieldBesideQuiet = PerturbationTests.arms()
        yieldBesideQuiet.learn(groups: [[Self.yieldTest] + xctests])
        yieldBesideQuiet.follow(hints: [Self.yieldTest.id: .yieldGated, xctests[0].id: .none, xctests[1].id: .none])
        #expect(
            (0..<4).map { Self.plan(yieldBesideQuiet).conditions(forRun: $0).arm }
                == [.schedules, .schedules, .schedules, .schedules])
        // With one worker every run is alone: plain runs take the turns of runs alone and pairs apart.
        #expect(opening([Self.yieldTest, Self.otherTest], workers: 1) == Array(repeating: .plain, count: 8))
    }

    /// A selection of several hints: their openings merge, one arm of each in turn, each as many times over
    /// as tests have it, the hint most tests have first; an arm both name keeps both turns.
    @Test func theOpeningsOfASelectionMergeMostVotedFirst() {
        let tests = ["a()", "b()", "c()"].map { TestIdentity(canonicalID: "M.T/\($0)", framework: .xctest) }
        let arms = PerturbationTests.arms()
        arms.learn(groups: [tests])
        arms.follow(hints: [tests[0].id: .yieldGated, tests[1].id: .yieldGated, tests[2].id: .unstructuredTask])
        let plan = Self.plan(arms)
        #expect(
            (0..<8).map { plan.conditions(forRun: $0).arm }
                == [.schedules, .plain, .schedules, .plain, .schedules, .schedules, .schedules, .slowTasks])
    }

    /// With `--shorten-sleeps`, short sleeps take every other opening turn whatever the hints read, and
    /// the first five where the hints open with them.
    @Test func askedForShortSleepsTakeEveryOtherOpeningTurn() {
        let arms = PerturbationTests.arms(shortenSleeps: true)
        arms.learn(groups: [[Self.yieldTest]])
        arms.follow(hints: [Self.yieldTest.id: .continuationGated])
        let plan = Self.plan(arms)
        #expect(
            (0..<6).map { plan.conditions(forRun: $0).arm }
                == [.shortSleeps, .schedules, .shortSleeps, .schedules, .shortSleeps, .slowTasks])
        // A sleep gate (or an `unknown` hint) opens with them five times, as `--arms shortSleeps` runs do, then
        // every other turn.
        for hint in [SynchronisationHint.sleepGated, .unknown] {
            let gate = PerturbationTests.arms(shortenSleeps: true)
            gate.learn(groups: [[Self.yieldTest]])
            gate.follow(hints: [Self.yieldTest.id: hint])
            #expect(
                (0..<7).map { Self.plan(gate).conditions(forRun: $0).arm }
                    == Array(repeating: .shortSleeps, count: 5) + [.slowTasks, .shortSleeps], "\(hint)")
        }
    }

    /// `--arms` keeps the hunt to the arms named (plain only if named), and refuses a name it does not know
    /// or an arm this session cannot make, saying what can.
    @Test func armsKeepTheHuntToTheArmsAsked() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testEveryFourth", .failsEvery(4))])
        // Which of the two each run gets depends on when its failures were counted: only the set is exact.
        let session = try RunHarnessTests.session(
            package,
            [
                "run", "--runs", "8", "--workers", "2", "--hunt", "--arms",
                "plain,alone", "--quiet",
            ])
        let drawn = session.report?.runs.compactMap { $0.perturbation?.arm } ?? []
        #expect(drawn.count == 8 && Set(drawn).isSubset(of: [.plain, .alone]), "\(drawn)")
        // A pairs-apart run without a pair is a run alone: an XCTest test has no partner.
        let pairsOnly = try RunHarnessTests.session(
            package,
            [
                "run", "--runs", "4", "--workers", "2", "--hunt", "--arms",
                "pairsApart", "--quiet",
            ])
        #expect(Set(pairsOnly.report?.runs.compactMap { $0.perturbation?.arm } ?? []) == [.alone])
        #expect(session.test("M.C/testEveryFourth")?.failed == 2)
        let (unknown, _, said) = CommandLineTests.run(["run", "--hunt", "--arms", "plain,fast", "--no-build"])
        #expect(unknown == ExitCode.usage && said.contains("--arms"), "\(said)")
        let unavailable = try RunHarnessTests.session(package, ["run", "--hunt", "--arms", "shortSleeps"])
        #expect(
            unavailable.code == ExitCode.usage && unavailable.stderr.contains("--arms asks for shortSleeps")
                && unavailable.stderr.contains("--shorten-sleeps"), "\(unavailable.stderr)")
    }

    /// Under `--sanitize thread` a hunt has the arms that need no hook library (ThreadSanitizer intercepts
    /// what it interposes): asking for schedules says which it can make, none of them a delay or schedule.
    @Test func sanitizedHuntHasNoHookArms() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testEveryFourth", .failsEvery(4))])
        // A hook library is at hand, so only the sanitizer can be what takes the schedules away.
        let hook = package.folder + "/libFlakeCheckSchedulerHook.so"
        _ = FileManager.default.createFile(atPath: hook, contents: Data())
        let asked = ["--hunt", "--workers", "2", "--arms", "schedules", "--runs", "1"]
        let control = try RunHarnessTests.session(
            package, ["run"] + asked, environment: ["FLAKECHECK_HOOK_LIBRARY": hook])
        #expect(control.code != ExitCode.usage, "\(control.stderr)")
        let refused = try RunHarnessTests.session(
            package, ["run", "--sanitize", "thread"] + asked,
            environment: ["FLAKECHECK_HOOK_LIBRARY": hook])
        #expect(
            refused.code == ExitCode.usage && refused.stderr.contains("--arms asks for schedules"),
            "\(refused.stderr)")
        let offered = refused.stderr.components(separatedBy: "here: ").last?.components(separatedBy: ")").first ?? ""
        #expect(offered.contains("alone") && offered.contains("plain"), "\(offered)")
        for hooked in ["schedules", "slowTasks", "delayedJobs", "batchedJobs", "slowQueues", "shortSleeps"] {
            #expect(!offered.contains(hooked), "\(offered)")
        }
    }
}
