import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Pairs apart (`--perturb`, runs alone): two Swift Testing tests of one suite in a process of their own,
/// chosen from each test's own runs apart, with every test of the run still getting one outcome.
@Suite struct PairsApartTests {
    static let hook = "/opt/hook/libFlakeCheckSchedulerHook.so"
    static let suite = ["M.Cache/storesOnce()", "M.Cache/storesTwice()", "M.Cache/reads()"]
    static let xctest = "M.CacheXCTests/testStores"

    static func identities() -> [TestIdentity] {
        suite.map { TestIdentity(canonicalID: $0, framework: .swiftTesting) }
            + [
                TestIdentity(canonicalID: xctest, framework: .xctest),
                TestIdentity(canonicalID: "M.Lonely/only()", framework: .swiftTesting),
            ]
    }

    static func apart(_ pairs: [[String]]?) -> PerturbationConditions {
        var conditions = PerturbationTests.under(pairs == nil ? .alone : .pairsApart)
        conditions.alone = true
        conditions.pairsApart = pairs
        return conditions
    }

    /// Arms whose race is `storesOnce()` with `storesTwice()`: 12 of 30 runs apart together failed, none
    /// apart with `reads()`, 1 of 80 runs alone in the whole selection and none of 40 under each other arm.
    static func learnedArms() -> ConditionArms {
        let arms = PerturbationTests.arms(seed: 9)
        arms.learn(groups: [identities()])
        let once = suite[0], twice = suite[1], reads = suite[2]
        for run in 0..<80 {
            arms.record([once: TestResult(outcome: run == 7 ? .failed : .passed)], conditions: apart(nil))
        }
        for arm in [ConditionArm.plain, .slowTasks, .oneCPU, .busyCPUs] {
            for _ in 0..<40 {
                arms.record([once: TestResult(outcome: .passed)], conditions: PerturbationTests.under(arm))
            }
        }
        for run in 0..<30 {
            let failed = run % 5 < 2
            arms.record(
                [once: TestResult(outcome: failed ? .failed : .passed), twice: TestResult(outcome: .passed)],
                conditions: apart([[once, twice]]))
            arms.record(
                [once: TestResult(outcome: .passed), reads: TestResult(outcome: .passed)],
                conditions: apart([[once, reads]]))
        }
        return arms
    }

    /// Once a test's runs apart with one partner fail far more often than its other runs, most runs run
    /// that pair apart (a quarter still explore for the tests that never failed); other runs never have
    /// pairs, no pair holds an XCTest test or a test alone in its suite, pairs never share a test, and a
    /// run's pairs, once drawn, stay.
    @Test func runsAloneRunTheRacingPairApart() {
        var plan = PlanWithLearner(PerturbationPlan(seed: 9, availableCPUs: 2, hookLibrary: Self.hook))
        plan.arms = Self.learnedArms()
        let drawn = (0..<300).map(plan.conditions(forRun:))
        let racing = [Self.suite[0], Self.suite[1]].sorted()
        let withPair = drawn.filter { $0.pairsApart?.contains(racing) == true }.count
        #expect(withPair > 180, "\(withPair) of 300")
        #expect(drawn.filter { $0.arm != .pairsApart }.allSatisfy { $0.pairsApart == nil })
        #expect(drawn.filter { $0.pairsApart != nil }.allSatisfy { $0.alone == true })
        for run in drawn {
            let tests = (run.pairsApart ?? []).flatMap { $0 }
            #expect(Set(tests).count == tests.count, "pairs share no test")
            #expect(tests.allSatisfy(Self.suite.contains), "\(tests)")
            #expect((run.pairsApart ?? []).allSatisfy { $0.count == 2 && $0 == $0.sorted() })
            #expect((run.pairsApart?.count ?? 0) <= ConditionArms.maximumPairs)
        }
        #expect((0..<300).map(plan.conditions(forRun:)) == drawn)
    }

    /// Before anything is known, the pairs-apart arm takes its turn (a rare race may never fail in the
    /// whole process) and its runs hold pairs; one worker has no such arm; a suite of one test has no partner.
    @Test func pairsAreTriedBeforeAnyFailureAndOnlyWithPartners() {
        let arms = PerturbationTests.arms(seed: 3)
        arms.learn(groups: [Self.identities()])
        var plan = PlanWithLearner(PerturbationPlan(seed: 3, availableCPUs: 2, hookLibrary: Self.hook))
        plan.arms = arms
        let drawn = (0..<200).map(plan.conditions(forRun:))
        #expect(
            drawn.filter { $0.pairsApart != nil }.count >= 20,
            "a run alone in two, before anything is known, holds pairs")
        var single = plan
        single.arms = PerturbationTests.arms(workers: 1, seed: 3)
        single.arms?.learn(groups: [Self.identities()])
        #expect((0..<50).allSatisfy { single.conditions(forRun: $0).pairsApart == nil })
        // A test only ever skipped (disabled) is no candidate nor partner; nor are two tests of one suite
        // that are in different strategies' selections.
        let disabled = PerturbationTests.arms(seed: 3)
        disabled.learn(groups: [Self.identities()])
        disabled.record([Self.suite[2]: TestResult(outcome: .skipped)], conditions: Self.apart(nil))
        plan.arms = disabled
        let withDisabled = (0..<200).compactMap { plan.conditions(forRun: $0).pairsApart }.flatMap { $0 }
        #expect(!withDisabled.isEmpty && withDisabled.allSatisfy { !$0.contains(Self.suite[2]) })
        let apartGroups = PerturbationTests.arms(seed: 3)
        apartGroups.learn(groups: [
            [TestIdentity(canonicalID: Self.suite[0], framework: .swiftTesting)],
            [TestIdentity(canonicalID: Self.suite[1], framework: .swiftTesting)],
        ])
        plan.arms = apartGroups
        #expect((0..<100).allSatisfy { plan.conditions(forRun: $0).pairsApart == nil })
        let lonely = PerturbationTests.arms(seed: 3)
        lonely.learn(groups: [
            [
                TestIdentity(canonicalID: "M.Lonely/only()", framework: .swiftTesting),
                TestIdentity(canonicalID: Self.xctest, framework: .xctest),
            ]
        ])
        plan.arms = lonely
        #expect((0..<100).allSatisfy { plan.conditions(forRun: $0).pairsApart == nil })
    }

    /// The run's processes: each pair apart first, in a process of its own, then the rest; a pair not
    /// wholly in the run's tests stays with the rest, and a run of two tests is not split.
    @Test func eachPairApartIsAProcessOfItsOwn() {
        let tests = Self.identities()
        let (split, applied) = RunExecutor.batches(of: tests, pairsApart: [[Self.suite[0], Self.suite[1]]])
        #expect(applied == [[Self.suite[0], Self.suite[1]]])
        #expect(
            split.map { $0.tests.map(\.id) } == [
                [Self.suite[0], Self.suite[1]], [Self.suite[2], Self.xctest, "M.Lonely/only()"],
            ])
        #expect(Set(split.flatMap { $0.tests.map(\.id) }) == Set(tests.map(\.id)), "every test once")
        let missing = RunExecutor.batches(of: tests, pairsApart: [[Self.suite[0], "M.Cache/elsewhere()"]])
        #expect(missing.batches.map(\.tests.count) == [tests.count] && missing.pairs.isEmpty)
        let two = Array(tests.prefix(2))
        #expect(RunExecutor.batches(of: two, pairsApart: [two.map(\.id)]).batches.count == 1)
        #expect(RunExecutor.batches(of: tests, pairsApart: nil).batches.map(\.tests.count) == [tests.count])
    }

    /// A pair's tests get a rate labelled with their partner; the rest of the run's tests do not, and
    /// every test's runs are still counted once (`totals` reads the one `cpus N` label per run).
    @Test func ratesNameThePartnerOnlyForThePairsTests() {
        var apart = PerturbationConditions(
            seed: 1, delayProbability: nil, delayMaxMicroseconds: nil, cpus: 2,
            swiftTesting: .parallel, deterministicHashing: false)
        apart.alone = true
        apart.pairsApart = [[Self.suite[0], Self.suite[1]]]
        var whole = apart
        whole.pairsApart = nil
        let runs = [0: apart, 1: whole, 2: apart, 3: whole]
        let paired = ConditionRates.rates(history: "FPFP", conditions: runs, id: Self.suite[0])
        #expect(
            paired.first { $0.condition == "paired with storesTwice()" }.map { ($0.counted, $0.passed) } ?? (0, 0) == (
                2, 0
            ))
        #expect(ConditionRates.totals(paired) == (4, 2))
        let other = ConditionRates.rates(history: "FPFP", conditions: runs, id: Self.suite[2])
        #expect(!other.contains { $0.condition.hasPrefix("paired with") })
        #expect(apart.partner(of: Self.suite[1]) == Self.suite[0] && apart.partner(of: Self.suite[2]) == nil)
    }

    /// A test that fails most paired with its partner gets the first failing run that had the pair, not
    /// its first failure elsewhere, so the replay repeats the condition named.
    @Test func theReplayOfAPairedFailureIsARunThatHadThePair() {
        var whole = PerturbationConditions(
            seed: 1, delayProbability: nil, delayMaxMicroseconds: nil, cpus: 2,
            swiftTesting: .parallel, deterministicHashing: false)
        whole.alone = true
        var apart = whole
        apart.pairsApart = [[Self.suite[0], Self.suite[1]]]
        // Runs 1-36: apart in runs 4, 6, ..., 36 (17); failures in run 2 (whole) and runs 6 to 20 (8, apart).
        let runs = Dictionary(uniqueKeysWithValues: (0..<36).map { ($0, $0 % 2 == 1 && $0 > 1 ? apart : whole) })
        let history = "PFPPPFPFPFPFPFPFPFPFPPPPPPPPPPPPPPPP"
        let rates = ConditionRates.rates(history: history, conditions: runs, id: Self.suite[0])
        let again = ConditionRates.reproduction(history: history, rates: rates, conditions: runs, id: Self.suite[0])
        #expect(
            again?.condition == "paired with storesTwice()" && again?.conditionFailures == 8
                && again?.conditionRuns == 17)
        #expect(again?.firstFailingRun == 2 && again?.conditionRun == 6)
        #expect(
            again?.worded(reportPath: "R/report.json")
                == "fails most when paired with storesTwice(): 8 of 17 runs (47.1%, 95% 26.2%-69.0%) against the "
                + "other runs' 1 of 19 "
                + "(5.3%, 95% 0.9%-24.6%); run 6, its first "
                + "failure there, again: flakecheck run --replay R/report.json --run 6")
    }

    /// Against processes: a test that fails exactly when its process holds one other test fails in exactly
    /// the runs whose record put it in a pair apart, every test has one outcome per run, the pairs' tests
    /// are learned from those failures, and the report names the partner and a run that had it.
    @Test func aPairApartIsWhatTheRecordSays() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.swiftTesting("M.S/racy()", .failsInAPair), RunHarnessTests.swiftTesting("M.S/other()"),
            RunHarnessTests.swiftTesting("M.S/third()"), RunHarnessTests.xctest("M.C/testStable"),
        ])
        let session = try RunHarnessTests.session(
            package, ["run", "--runs", "40", "--workers", "2", "--perturb-seed", "7", "--quiet"])
        RunHarnessTests.expectInvariant(session, package, runs: 40)
        let report = try #require(session.report)
        let racy = try #require(report.tests.first { $0.id == "M.S/racy()" })
        let paired = Set(
            report.runs.filter { $0.perturbation?.pairsApart?.contains { $0.contains(racy.id) } == true }.map(\.index))
        try #require(paired.count >= 5, "\(paired)")
        #expect(Set(racy.failingRuns) == paired, "\(racy.history)")
        #expect(report.tests.filter { $0.id != racy.id }.allSatisfy { $0.failed == 0 })
        let partnerRates = racy.conditionRates?.filter { $0.condition.hasPrefix("paired with ") } ?? []
        #expect(
            partnerRates.allSatisfy { $0.passed == 0 } && partnerRates.reduce(0) { $0 + $1.counted } == paired.count)
        // It fails with either partner, so its failures split over two "paired with" labels; "pairs apart"
        // (or "one run at a time"), which holds them all, may then rank first. Either way the run to replay
        // had the pair.
        let named = try #require(racy.reproduction?.condition)
        #expect(named.hasPrefix("paired with ") || named == "pairs apart" || named == "one run at a time", "\(named)")
        let again = try #require(racy.reproduction.map { $0.conditionRun ?? $0.firstFailingRun })
        #expect(paired.contains(again - 1))
        // Its replay runs the pair again, partner and all: the partner passed, but shared the process.
        let saved = package.folder + "/saved.json"
        try JSONReportFormat.encode(report).write(to: URL(fileURLWithPath: saved))
        let replay = try ReplayRequest.load(saved, shownPath: saved, run: again)
        let pair = try #require(
            report.runs.first { $0.index == again - 1 }?.perturbation?.pairsApart?.first { $0.contains(racy.id) })
        #expect(replay.testIDs == pair)
    }

    /// A Swift Testing test that failed beside others in one process is replayed with the Swift Testing tests
    /// that ran in that run (a race between parallel tests needs its partner); an XCTest failure, whose
    /// library runs one test at a time, is replayed alone.
    @Test func aReplayHoldsTheFailedSwiftTestingTestsProcessMates() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.swiftTesting("M.S/racy()", .failsEvery(3)), RunHarnessTests.swiftTesting("M.S/other()"),
            RunHarnessTests.swiftTesting("M.T/third()"), RunHarnessTests.xctest("M.C/testFlaky", .failsEvery(2)),
        ])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "4", "--workers", "1", "--quiet"])
        let report = try #require(session.report)
        #expect(session.test("M.S/racy()")?.history == "PPFP" && session.test("M.C/testFlaky")?.history == "PFPF")
        let saved = package.folder + "/saved.json"
        try JSONReportFormat.encode(report).write(to: URL(fileURLWithPath: saved))
        #expect(try ReplayRequest.load(saved, shownPath: saved, run: 2).testIDs == ["M.C/testFlaky"])
        let swiftTesting = try ReplayRequest.load(saved, shownPath: saved, run: 3).testIDs
        #expect(swiftTesting == ["M.S/other()", "M.S/racy()", "M.T/third()"])
    }

    /// `--until-proven` leaves settled tests out of later runs: a drawn pair with a settled test is not
    /// split, and the record lists only the pairs that ran apart, each as a process of two tests.
    @Test func theRecordListsOnlyThePairsThatRanApart() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.swiftTesting("M.S/racy()", .failsInAPair), RunHarnessTests.swiftTesting("M.S/other()"),
            RunHarnessTests.swiftTesting("M.S/third()"), RunHarnessTests.swiftTesting("M.S/fourth()"),
        ])
        let session = try RunHarnessTests.session(
            package,
            [
                "run", "--until-proven", "--max-runs", "30", "--workers", "2",
                "--perturb-seed", "5", "--quiet",
            ])
        let report = try #require(session.report)
        for record in report.runs {
            let pairs = record.perturbation?.pairsApart ?? []
            #expect(
                record.processes.count > pairs.count
                    && record.processes.prefix(pairs.count).allSatisfy { $0.tests == 2 },
                "run \(record.index + 1): \(pairs) in \(record.processes)")
            for id in pairs.flatMap({ $0 }) {
                let history = try #require(report.tests.first { $0.id == id }?.history)
                #expect(
                    record.index < history.count && Array(history)[record.index] != "-",
                    "\(id) ran in run \(record.index + 1)")
            }
        }
        #expect(report.runs.contains { $0.perturbation?.pairsApart != nil })
    }

    /// Conditions with pairs apart survive report.json, and a report without them reads as nil.
    @Test func pairsApartRoundTripThroughJSON() throws {
        var conditions = PerturbationConditions(
            seed: 1, delayProbability: nil, delayMaxMicroseconds: nil, cpus: 2,
            swiftTesting: .parallel, deterministicHashing: true)
        conditions.pairsApart = [[Self.suite[0], Self.suite[1]]]
        let data = try JSONEncoder().encode(conditions)
        #expect(try JSONDecoder().decode(PerturbationConditions.self, from: data) == conditions)
        conditions.pairsApart = nil
        let old = try JSONEncoder().encode(conditions)
        #expect(try JSONDecoder().decode(PerturbationConditions.self, from: old).pairsApart == nil)
    }
}
