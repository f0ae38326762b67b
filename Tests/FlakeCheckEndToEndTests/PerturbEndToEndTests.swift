import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `--perturb` against real processes: the scheduler hook library is preloaded into the test processes,
/// and the fixture's exactly-known outcomes stay exactly known (every 4th run fails: 5 of 20).
@Suite(.serialized) struct PerturbEndToEndTests {
    @Test func knownOutcomesStayExactUnderPerturbation() throws {
        let run = try KnownOutcomesEndToEndTests.flakecheck(
            ["run", "--runs", "20", "--workers", "2", "--perturb-seed", "11"]
                + KnownOutcomesEndToEndTests.everythingButCrashAndHang)
        KnownOutcomesEndToEndTests().expectKnownCounts(run, runs: 20)
        let report = try #require(run.report)
        #expect(report.configuration.perturbSeed == 11)
        let delayed = report.runs.filter { $0.perturbation?.delayProbability != nil }.count
        #expect(delayed > 0, "the hook library was found and used in some runs")
        #expect(report.runs.allSatisfy { $0.perturbation != nil })
        // Runs alone ran pairs of a suite's Swift Testing tests apart, each in a process of its own, and the
        // counts above stayed exact: every test still had one outcome per run.
        let paired = report.runs.filter { $0.perturbation?.pairsApart != nil }
        // (Whether any run held pairs depends on which arms the failures led to: PairsApartTests checks
        // pairs against processes exactly.)
        #expect(paired.allSatisfy { $0.perturbation?.alone == true && $0.perturbation?.arm == .pairsApart })
        for record in paired {
            let pairs = record.perturbation?.pairsApart ?? []
            #expect(
                record.processes.filter { $0.tests == 2 && $0.frameworks == [.swiftTesting] }.count >= pairs.count,
                "run \(record.index + 1): \(pairs) in \(record.processes)")
        }
        #expect(report.tests.allSatisfy { $0.notRun == 0 && $0.history.count == 20 })
    }

    /// `--explore-schedules` runs every job of the global executor on the library's own scheduler, one at
    /// a time: the fixture's exactly-known outcomes (every 4th run fails: 2 of 8) must stay exact.
    @Test func knownOutcomesStayExactUnderScheduleExploration() throws {
        let run = try KnownOutcomesEndToEndTests.flakecheck(
            ["run", "--runs", "8", "--workers", "2", "--explore-schedules", "--perturb-seed", "3"]
                + KnownOutcomesEndToEndTests.everythingButCrashAndHang)
        KnownOutcomesEndToEndTests().expectKnownCounts(run, runs: 8)
        let report = try #require(run.report)
        #expect(report.configuration.exploreSchedules == true)
        #expect(
            report.runs.allSatisfy {
                ($0.perturbation?.scheduleDepth ?? 0) >= 1 && $0.perturbation?.delayProbability == nil
            })
    }

    /// The job that wakes a sleeping task reaches `dispatch_after_f`, not the runtime's deadline hook
    /// (Swift 6.3 on Linux): under `--explore-schedules` the explorer must take it too, or it runs on a
    /// Dispatch thread outside the one-job-at-a-time order. The probe counts the explorer's jobs.
    @Test func jobsOfASleepRunOnTheExplorer() throws {
        let run = try KnownOutcomesEndToEndTests.flakecheck(
            [
                "run", "--runs", "4", "--workers", "2", "--explore-schedules", "--perturb-seed", "3", "--filter",
                "SleepProbeSuite",
            ])
        #expect(run.test("HostileTests.ScheduledSleepProbeSuite/sleepsGoThroughTheExplorer()")?.passed == 4)
        #expect(
            run.test("HostileTests.SleepProbeSuite/sleepLastsWhatItAsks()")?.passed == 4, "a sleep lasts what it asks")
    }

    /// The hook library reaches the test process in exactly the runs whose record says delays, in the
    /// recorded mode, and holds jobs there: the fixture's probe test counts them from inside the process.
    @Test func hookLibraryDelaysJobsInTheRunsThatSaySo() throws {
        let runs = 16
        func drawn(_ seed: UInt64) -> [PerturbationConditions] {
            (0..<runs).map(PerturbationPlan(seed: seed, availableCPUs: 1, hookLibrary: "hook.so").conditions(forRun:))
        }
        // The first seed that draws every mode and a run without delays, so a new mode is covered as it comes.
        let seed = try #require(
            (UInt64(1)...200).first {
                Set(drawn($0).compactMap(\.delayMode)) == Set(PerturbationConditions.DelayMode.allCases)
                    && drawn($0).contains { $0.delayMode == nil }
            })
        let state = NSTemporaryDirectory() + "probe-\(UUID().uuidString)"
        let run = try KnownOutcomesEndToEndTests.flakecheck(
            [
                "run", "--runs", "\(runs)", "--workers", "2", "--perturb-seed", "\(seed)", "--filter",
                "SchedulerHookProbeXCTests",
            ],
            state: state)
        #expect(run.test("HostileTests.SchedulerHookProbeXCTests/testReportsDelayedJobs")?.passed == runs)
        let records = try #require(run.report?.runs)
        #expect(records.count == runs)
        for record in records {
            let probe = try String(contentsOfFile: state + "/probe-run-\(record.index + 1).txt", encoding: .utf8)
            // Delayed jobs, late blocks on global queues, late blocks on the probe's own queue, mode.
            let fields = probe.split(separator: " ").map(String.init)
            if let mode = record.perturbation?.delayMode {
                let (jobs, ownBlocks) = (Int(fields[0]) ?? -1, Int(fields[2]) ?? -1)
                let slowed = mode == .queues ? ownBlocks > 0 && jobs == 0 : jobs > 0 && ownBlocks == 0
                #expect(slowed, "run \(record.index + 1) (\(mode)): \(probe)")
                #expect(fields[1] == "0", "run \(record.index + 1) (\(mode)): global queues are never slowed: \(probe)")
                #expect(fields.last == String(mode.hookNumber), "run \(record.index + 1) (\(mode)): \(probe)")
            } else if record.perturbation?.needsHookLibrary == true {
                #expect(
                    probe == "0 0 0 -1",
                    "run \(record.index + 1) (\(record.perturbation?.arm?.rawValue ?? "")): loaded, no delays")
            } else {
                #expect(
                    probe == "-1 -1 -1 none", "run \(record.index + 1) has no delays: the library must not be loaded")
            }
        }
    }

    /// `--shorten-sleeps` against a real process: the fixture's probe expects its 200 ms sleep to last at
    /// least 150 ms, so it fails in exactly the runs whose record says its sleeps were shortened.
    @Test func sleepsAreShortenedInExactlyTheRunsThatSaySo() throws {
        let run = try KnownOutcomesEndToEndTests.flakecheck(
            [
                "run", "--runs", "12", "--workers", "2", "--shorten-sleeps", "--perturb-seed", "4", "--filter",
                "SleepProbeSuite",
            ])
        let records = try #require(run.report?.runs)
        let shortened = Set(records.filter { $0.perturbation?.sleepScale != nil }.map(\.index))
        try #require(
            !shortened.isEmpty && shortened.count < records.count, "the seed shortens sleeps in some runs: \(shortened)"
        )
        let test = try #require(run.test("HostileTests.SleepProbeSuite/sleepLastsWhatItAsks()"))
        #expect(Set(test.failingRuns) == shortened, "\(test.history)")
        #expect(test.failed == shortened.count && test.passed == records.count - shortened.count)
        #expect(run.report?.configuration.shortenSleeps == true)
        #expect(test.conditionRates?.contains { $0.condition == "sleeps x0.01" && $0.passed == 0 } == true)
    }

    /// `--replay` against real processes: run 4 of a perturbed session is the first in which the
    /// every-fourth-run test fails; replaying it runs that test alone, every run under run 4's recorded
    /// conditions, and its shared counter goes on (runs 9 to 12: one failure, at 12).
    @Test func replayRunsTheFailedTestAloneUnderTheRunsConditions() throws {
        let state = NSTemporaryDirectory() + "replay-\(UUID().uuidString)"
        let first = try KnownOutcomesEndToEndTests.flakecheck(
            [
                "run", "--runs", "8", "--workers", "1", "--perturb-seed", "21", "--perturb-noise",
                "--filter", "FlakyXCTests|StableXCTests/testPasses$",
            ], state: state)
        let flaky = "AlphaTests.FlakyXCTests/testFailsEveryFourthRun"
        #expect(first.test(flaky)?.history == "PPPFPPPF")
        let recorded = try #require(first.report?.runs.first { $0.index == 3 }?.perturbation)
        let replay = try KnownOutcomesEndToEndTests.flakecheck(
            ["run", "--replay", first.output + "/report.json", "--run", "4", "--runs", "4", "--workers", "1"],
            state: state)
        #expect(replay.report?.tests.map(\.id) == [flaky])
        #expect(replay.test(flaky)?.history == "PPPF")
        #expect(replay.report?.runs.count == 4)
        #expect(
            replay.report?.runs.allSatisfy { $0.perturbation == recorded } == true,
            "every replayed run has run 4's conditions: \(recorded)")
    }
}
