import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Failures made by running workers side by side (a fixed port or file) are told apart
/// from the test's own flakiness, and every test process knows its worker.
@Suite struct WorkerOverlapTests {
    static func run(_ index: Int, worker: Int, _ start: Double, _ end: Double) -> RunRecord {
        var record = RunRecord(index: index, strategy: nil, processes: [], logPath: nil)
        record.worker = worker
        record.startSeconds = start
        record.endSeconds = end
        return record
    }

    static func test(_ id: String, history: String) -> TestFacts {
        var tally = TestTally(identity: TestIdentity(canonicalID: id, framework: .xctest))
        for (index, symbol) in history.enumerated() {
            tally.record(TestResult(outcome: TestOutcome(symbol: symbol)!), runIndex: index)
        }
        return TestFacts(tally: tally)
    }

    @Test func suspectsAreTestsWhoseEveryFailureOverlappedAnotherWorker() {
        // Worker 0 runs 0 and 2 back to back; worker 1 runs 1 beside run 0, and run 3 alone at the end.
        let runs = [
            Self.run(0, worker: 0, 0, 1), Self.run(1, worker: 1, 0.5, 1.5), Self.run(2, worker: 0, 1, 2),
            Self.run(3, worker: 1, 5, 6),
        ]
        let suspects = WorkerOverlap.suspects(
            tests: [
                Self.test("M.C/testOverlapOnly", history: "PFPP"),  // run 1 overlapped run 0 and run 2
                Self.test("M.C/testAlsoAlone", history: "PFPF"),  // run 3 ran alone
                Self.test("M.C/testStable", history: "PPPP"),
            ], runs: runs)
        #expect(suspects.map(\.id) == ["M.C/testOverlapOnly"])
        #expect(suspects.first?.failureRate == 0.25)
    }

    @Test func oneWorkerOrUntimedRunsGiveNoSuspects() {
        let oneWorker = [Self.run(0, worker: 0, 0, 1), Self.run(1, worker: 0, 1, 2)]
        #expect(WorkerOverlap.suspects(tests: [Self.test("M.C/testX", history: "PF")], runs: oneWorker).isEmpty)
        let untimed = [
            RunRecord(index: 0, strategy: nil, processes: [], logPath: nil),
            RunRecord(index: 1, strategy: nil, processes: [], logPath: nil),
        ]
        #expect(WorkerOverlap.suspects(tests: [Self.test("M.C/testX", history: "PF")], runs: untimed).isEmpty)
    }

    @Test func soloRunsAreEnoughToSeeTheParallelRate() {
        #expect(WorkerOverlap.soloRuns(forFailureRate: 0.5) == 10)
        #expect(WorkerOverlap.soloRuns(forFailureRate: 0.1) == 29)
        #expect(WorkerOverlap.soloRuns(forFailureRate: 0.01) == 60)
        #expect(WorkerOverlap.soloRuns(forFailureRate: 0.01, sessionRuns: 40) == 20)
        #expect(WorkerOverlap.soloRuns(forFailureRate: 0.01, sessionRuns: 4) == 10)
    }

    /// End to end through the scripted launcher: the port-sharing test gets the note, a test that is
    /// flaky on its own does not, and the numbers stay those of the parallel runs.
    @Test func portSharingTestIsConfirmedBySoloRuns() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testBindsFixedPort", .failsWhenAnotherWorkerRuns),
            RunHarnessTests.xctest("M.C/testFlakyOnItsOwn", .failsEvery(2)),
        ])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "4", "--workers", "2", "--recheck", "10"])
        let port = session.test("M.C/testBindsFixedPort")
        #expect((port?.failed ?? 0) >= 1)
        #expect(port?.workerOverlap?.soloPassed == port?.workerOverlap?.soloRuns)
        #expect((port?.workerOverlap?.soloRuns ?? 0) >= 10)
        let onItsOwn = session.test("M.C/testFlakyOnItsOwn")?.workerOverlap
        #expect(onItsOwn == nil || onItsOwn?.cause == .failsAlone)
        #expect(session.stdout.contains("note: M.C/testBindsFixedPort failed only while another worker's process ran"))
        #expect(port?.workerOverlap?.loadedRuns == port?.workerOverlap?.soloRuns)
        #expect(session.stderr.contains("up to 10 runs beside the rest of their suites with one worker (--recheck)…"))
        #expect(session.report?.recheck?.aloneRuns == 10)
        #expect(session.report?.recheck?.loadedRuns == 10)
        #expect(session.stdout.contains("Re-check after the runs (--recheck 10): 2 tests, 10 runs with one worker and 10"))
        let workers = Set(session.launcher.requests.compactMap { $0.environment["FLAKECHECK_WORKER"] })
        #expect(workers == ["0", "1"])
        #expect(session.launcher.requests.contains { $0.environment["FLAKECHECK_RUN"] == "4" })
    }

    /// A race between two tests of one process fails with one worker too, as long as the sibling is in the
    /// process: the solo check runs the suspect's suite, not the suspect alone, so no note blames the
    /// other worker.
    @Test func aRaceBetweenSiblingTestsIsNotBlamedOnTheOtherWorker() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testSwapsTheGlobal", .failsWithOthersEvery(2)),
            RunHarnessTests.xctest("M.C/testReadsTheGlobal", .passes),
        ])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "4", "--workers", "2", "--recheck", "10"])
        let racy = session.test("M.C/testSwapsTheGlobal")
        #expect((racy?.failed ?? 0) == 2)
        // Its failures with one worker are reported as such, not left out.
        #expect(racy?.workerOverlap?.cause == .failsAlone, "\(racy?.workerOverlap?.message ?? "")")
        #expect(racy?.workerOverlap?.message.contains("with one worker too") == true)
        #expect(!session.stdout.contains("needs another worker"))
        let soloRequests = session.launcher.requests.filter { $0.environment["FLAKECHECK_WORKERS"] == "1" }
        #expect(!soloRequests.isEmpty, "the solo check ran")
        // No selector runs the whole package; a selector list must name the sibling.
        #expect(
            soloRequests.allSatisfy {
                $0.arguments.first?.hasPrefix("--") != false
                    || $0.arguments.joined(separator: " ").contains("M.C/testReadsTheGlobal")
            },
            "each solo run had the sibling in its process: \(soloRequests.map(\.arguments))")
    }

    /// A test that fails only beside another worker, and passes alone on idle and on busy CPUs, often
    /// enough to have shown its rate, needs the other worker's process: the note says that much and no
    /// more (a shared port, or how the other's work interleaves, are not told apart), and the gate counts it.
    @Test func aTestThatNeedsAnotherWorkerIsNamedWithoutGuessingWhy() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testBindsFixedPort", .failsWhenAnotherWorkerRuns)
        ])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "4", "--workers", "2", "--recheck", "10"])
        let port = session.test("M.C/testBindsFixedPort")
        #expect((port?.failed ?? 0) >= 1)
        #expect(port?.workerOverlap?.cause == .needsAnotherWorker)
        #expect(port?.workerOverlap?.message.contains("cannot tell which") == true)
        #expect(session.report?.gate.passed == false)
        let loadedRuns = session.launcher.requests.filter { $0.environment["FLAKECHECK_CPU_LOAD"] != nil }
        #expect(loadedRuns.count == port?.workerOverlap?.loadedRuns)
    }

    /// A race that fails under CPU contention also fails beside another worker; alone on idle CPUs it
    /// passes, but alone with the CPUs kept busy it fails again: not a shared resource, and the gate
    /// counts it (the demo's yield races were once noted as a shared port or file).
    @Test func aContentionRaceIsNotCalledASharedResource() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testYieldRace", .failsUnderContention)])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "4", "--workers", "2", "--recheck", "10"])
        let race = session.test("M.C/testYieldRace")
        #expect(race?.workerOverlap?.cause == .cpuContention)
        #expect(race?.workerOverlap?.message.contains("CPU contention exposes a race inside the test") == true)
        #expect(race?.workerOverlap?.message.contains("port") == false)
        #expect(session.report?.gate.passed == false)
    }

    /// `--recheck off` runs nothing after the runs; `auto` may spend half the runs' time (3 s more, never
    /// more than the runs took), and says what it spent.
    @Test func theRecheckIsBoundedAndSaid() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testBindsFixedPort", .failsWhenAnotherWorkerRuns)
        ])
        let off = try RunHarnessTests.session(package, ["run", "--runs", "4", "--workers", "2", "--recheck", "off"])
        #expect(off.launcher.requests.allSatisfy { $0.environment["FLAKECHECK_WORKERS"] != "1" })
        #expect(off.report?.recheck == nil)
        #expect(off.test("M.C/testBindsFixedPort")?.workerOverlap == nil)
        let auto = try RunHarnessTests.session(package, ["run", "--runs", "4", "--workers", "2"])
        let runs = try #require(auto.report?.runs)
        let first = runs.compactMap(\.startSeconds).min() ?? 0
        let span = (runs.compactMap(\.endSeconds).max() ?? first) - first
        let recheck = try #require(auto.report?.recheck)
        #expect(recheck.limit == "auto")
        #expect(recheck.allowedSeconds == min(span, span / 2 + 3))
        let soloProcesses = auto.launcher.requests.filter { $0.environment["FLAKECHECK_WORKERS"] == "1" }.count
        #expect(recheck.processes == soloProcesses)
        #expect(auto.stdout.contains("Re-check after the runs (--recheck auto, at most "))
    }

    /// Solo passes that are too few to have shown the measured rate prove nothing: the note says so.
    @Test func tooFewSoloRunsAreInconclusive() {
        let suspect = WorkerOverlap.Suspect(strategy: nil, id: "M.C/testRare", failingRuns: [3], failureRate: 0.01)
        var tests = [
            Self.test(
                "M.C/testRare", history: String(repeating: "P", count: 3) + "F" + String(repeating: "P", count: 96))
        ]
        SoloConfirmation.annotate(
            &tests, suspects: [suspect], alone: ["M.C/testRare": (60, 60)],
            loaded: ["M.C/testRare": (60, 60)], workers: 2)
        #expect(tests[0].workerOverlap?.cause == .inconclusive)
        #expect(tests[0].workerOverlap?.message.contains("it takes 299 runs") == true)
        #expect(WorkerOverlap.runsToSee(failureRate: 0.17) == 17)
    }
}
