import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Whole `run`/`compare` sessions against a `FakePackage` through the scripted launcher: build,
/// discovery, scheduling over several workers, execution, analysis and the report, with no process
/// started. Every expected number is exact because every fake test counts its own starts.
@Suite struct RunHarnessTests {
    struct Session {
        var code: Int32
        var stdout: String
        var stderr: String
        var report: FlakeReport?
        var launcher: ScriptedLauncher
        /// The session's output folder.
        var output = ""

        func test(_ id: String, strategy: String? = nil) -> TestSummary? {
            report?.tests.first { $0.id == id && $0.strategy == strategy }
        }
    }

    static func session(
        _ package: FakePackage, _ arguments: [String],
        environment: [String: String] = [:]
    ) throws -> Session {
        let output = package.folder + "/out-\(UUID().uuidString)"
        let launcher = package.launcher
        let out = CapturedOutput()
        let err = CapturedOutput()
        let context = CommandContext(
            stdout: out, stderr: err, environment: environment,
            currentDirectory: package.folder, launcher: launcher)
        let code = FlakeCheckCommand.main(
            arguments + ["--package-path", package.folder, "--output", output],
            context: context)
        let report = try FileManager.default.contents(atPath: output + "/report.json")
            .map { try JSONReportFormat.decode($0, path: "report.json") }
        return Session(
            code: code, stdout: out.text, stderr: err.text, report: report, launcher: launcher,
            output: output)
    }

    /// The command as a user types it, its own `--output` included; its exit code.
    static func plainRun(_ package: FakePackage, _ arguments: [String]) -> Int32 {
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
            currentDirectory: package.folder, launcher: package.launcher)
        return FlakeCheckCommand.main(arguments + ["--package-path", package.folder, "--quiet"], context: context)
    }

    /// The invariant: every test has exactly one outcome in every run (its history has one symbol per
    /// run), `notRun` only in an interrupted run or one with an incident that says why, and no more
    /// passes than the package printed.
    static func expectInvariant(
        _ session: Session, _ package: FakePackage, runs: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let report = session.report else {
            Issue.record("no report", sourceLocation: sourceLocation)
            return
        }
        for test in report.tests {
            #expect(test.history.count == runs, "\(test.id) has one outcome per run", sourceLocation: sourceLocation)
            for (run, symbol) in test.history.enumerated() where symbol == "-" {
                let record = report.runs.first { $0.index == run && $0.strategy == test.strategy }
                let explained =
                    report.interrupted
                    || (record?.incidents ?? []).contains { $0.candidates.contains(test.id) && $0.isUnresolved }
                #expect(
                    explained, "\(test.id) is not-run in run \(run + 1) with no reason", sourceLocation: sourceLocation)
            }
        }
        for id in Set(report.tests.map(\.id)) {
            let reported = report.tests.filter { $0.id == id }.reduce(0) { $0 + $1.passed }
            let printed = package.passesPrinted(id)
            #expect(
                reported <= printed, "\(id): \(reported) passes reported, \(printed) printed",
                sourceLocation: sourceLocation)
        }
    }

    static func swiftTesting(_ id: String, _ behaviour: FakePackage.Behaviour = .passes) -> FakePackage.Test {
        .init(id: id, framework: .swiftTesting, behaviour: behaviour)
    }

    static func xctest(_ id: String, _ behaviour: FakePackage.Behaviour = .passes) -> FakePackage.Test {
        .init(id: id, framework: .xctest, behaviour: behaviour)
    }

    /// Two strategies' runs with the same index ran at once and shared one event-stream
    /// file, so results went missing although every process exited 0.
    @Test(arguments: [2, 4])
    func concurrentStrategiesLoseNoSwiftTestingResult(workers: Int) throws {
        let package = try FakePackage(tests: [
            Self.swiftTesting("M.Naive/waits()", .failsEvery(4)), Self.swiftTesting("M.Naive/other()"),
            Self.swiftTesting("M.Gated/waits()"), Self.swiftTesting("M.Gated/other()"),
        ])
        package.delay = 0.002
        let session = try Self.session(
            package,
            [
                "compare", "--strategy", "naive=Naive", "--strategy", "gated=Gated", "--runs", "12",
                "--workers", "\(workers)", "--quiet",
            ])
        Self.expectInvariant(session, package, runs: 12)
        let paths = session.launcher.requests.compactMap(ScriptedLauncher.eventStreamPath)
        #expect(Set(paths).count == paths.count, "every process has its own event-stream file")
        #expect(session.test("M.Naive/waits()", strategy: "naive")?.failed == 3)
        #expect(session.test("M.Gated/waits()", strategy: "gated")?.passed == 12)
        #expect(session.report?.tests.allSatisfy { $0.notRun == 0 } == true)
        #expect(session.report?.strategies?.first { $0.name == "gated" }?.passed == 12)
        #expect(session.report?.strategies?.first { $0.name == "naive" }?.failed == 3)
    }

    /// A crash among parallel tests that no test reproduces alone used to vanish (the
    /// re-runs passed, nobody was blamed, the gate passed).
    @Test func crashThatNoTestReproducesAloneCountsForEveryCandidate() throws {
        let package = try FakePackage(tests: [
            Self.swiftTesting("M.S/crashesBetweenTests()", .crashesWithOthersEvery(4)),
            Self.swiftTesting("M.S/b()"), Self.swiftTesting("M.S/c()"),
        ])
        let session = try Self.session(package, ["run", "--runs", "8", "--workers", "2", "--quiet"])
        Self.expectInvariant(session, package, runs: 8)
        for id in ["M.S/crashesBetweenTests()", "M.S/b()", "M.S/c()"] {
            #expect(session.test(id)?.crashed == 2, "\(id)")
            #expect(session.test(id)?.verdict == .flaky, "\(id)")
        }
        #expect(session.report?.summary.unattributedCrashes == 2)
        #expect(session.report?.gate.passed == false)
        #expect(session.code == ExitCode.gateFailed)
        let incident = session.report?.runs.compactMap(\.incidents).first?.first
        #expect(incident?.kind == .crash)
        #expect(incident?.candidates.count == 3)
        #expect(incident?.blamed == [])
        #expect(session.stdout.contains("unattributed crash"))
        #expect(session.stdout.contains("candidates: M.S/crashesBetweenTests(), M.S/b(), M.S/c()"))
        #expect(session.stdout.contains("Gate failed: run "))
    }

    /// A crash that does reproduce alone is pinned on that one test; the others keep their solo results.
    @Test func crashThatReproducesAloneIsPinnedOnOneTest() throws {
        let package = try FakePackage(tests: [
            Self.swiftTesting("M.S/crashes()", .crashesEvery(1)), Self.swiftTesting("M.S/b()"),
            Self.swiftTesting("M.S/c()"),
        ])
        let session = try Self.session(package, ["run", "--runs", "4", "--workers", "2", "--quiet"])
        Self.expectInvariant(session, package, runs: 4)
        #expect(session.test("M.S/crashes()")?.crashed == 4)
        #expect(session.test("M.S/b()")?.verdict == .stable)
        #expect(session.test("M.S/c()")?.verdict == .stable)
        #expect(session.report?.summary.unattributedCrashes == 0)
        #expect(session.report?.runs.allSatisfy { $0.incidents?.first?.blamed == ["M.S/crashes()"] } == true)
    }

    /// A timeout among parallel tests used to mark every running test timed out.
    @Test func timeoutIsPinnedOnTheTestThatHangsAlone() throws {
        let package = try FakePackage(tests: [
            Self.swiftTesting("M.S/deadlocks()", .hangsEvery(2, printing: false)),
            Self.swiftTesting("M.S/b()"), Self.swiftTesting("M.S/c()"), Self.swiftTesting("M.S/d()"),
        ])
        let session = try Self.session(package, ["run", "--runs", "6", "--workers", "2", "--timeout", "5", "--quiet"])
        Self.expectInvariant(session, package, runs: 6)
        // Starts 2, 4, 6 ... hang: the first run's start 1 passes; a hang at start 2 is re-run alone as
        // start 3 (passes), so nobody is blamed there; the exact split is fixed by the start counter.
        let deadlocks = session.test("M.S/deadlocks()")
        #expect((deadlocks?.timedOut ?? 0) > 0)
        for id in ["M.S/b()", "M.S/c()", "M.S/d()"] {
            #expect(session.test(id)?.timedOut == session.report?.summary.unattributedTimeouts, "\(id)")
        }
    }

    @Test func timeoutThatReproducesAloneBlamesOnlyThatTest() throws {
        let package = try FakePackage(tests: [
            Self.swiftTesting("M.S/deadlocks()", .hangsEvery(1, printing: true)),
            Self.swiftTesting("M.S/b()"), Self.swiftTesting("M.S/c()"),
        ])
        let session = try Self.session(package, ["run", "--runs", "3", "--workers", "2", "--timeout", "5", "--quiet"])
        Self.expectInvariant(session, package, runs: 3)
        #expect(session.test("M.S/deadlocks()")?.timedOut == 3)
        #expect(session.test("M.S/b()")?.verdict == .stable)
        #expect(session.test("M.S/c()")?.verdict == .stable)
        #expect(session.report?.summary.unattributedTimeouts == 0)
    }

    /// Two tests that deadlock with each other both run past the limit: each runs alone, neither hangs
    /// there, so each counts as timed out and the timeout is unattributed.
    @Test func timeoutThatNeedsOtherTestsCountsForEveryCandidate() throws {
        let package = try FakePackage(tests: [
            Self.swiftTesting("M.S/deadlocksWithOthers()", .hangsWithOthersEvery(2)),
            Self.swiftTesting("M.S/b()", .hangsWithOthersEvery(2)),
        ])
        let session = try Self.session(package, ["run", "--runs", "4", "--workers", "1", "--timeout", "5", "--quiet"])
        Self.expectInvariant(session, package, runs: 4)
        #expect(session.test("M.S/deadlocksWithOthers()")?.timedOut == 2)
        #expect(session.test("M.S/b()")?.timedOut == 2)
        #expect(session.report?.summary.unattributedTimeouts == 2)
        #expect(session.code == ExitCode.gateFailed)
    }

    /// A result that never arrives from a process that ended normally is lost, loudly: not-run, an
    /// incident, a failed gate, never a silent gap in a "stable" row.
    @Test func lostResultFailsTheGateLoudly() throws {
        let package = try FakePackage(tests: [
            Self.xctest("M.C/testReported"), Self.xctest("M.C/testNeverReported", .neverReported),
        ])
        let session = try Self.session(package, ["run", "--runs", "3", "--quiet"])
        Self.expectInvariant(session, package, runs: 3)
        #expect(session.test("M.C/testNeverReported")?.notRun == 3)
        #expect(session.test("M.C/testReported")?.verdict == .stable)
        #expect(session.report?.summary.lostResults == 3)
        #expect(session.code == ExitCode.gateFailed)
        #expect(session.stdout.contains("lost results"))
    }

    /// A process that cannot start is an error with its cause, not a crash of each test, and it is not
    /// retried test by test (which cost a process per test).
    @Test func spawnFailureIsReportedWithItsCauseNotAsOutcomes() throws {
        let package = try FakePackage(tests: (0..<5).map { Self.xctest("M.C/test\($0)") })
        package.testProcessesFailToStart = true
        let session = try Self.session(package, ["run", "--runs", "2", "--quiet"])
        Self.expectInvariant(session, package, runs: 2)
        #expect(session.report?.tests.allSatisfy { $0.notRun == 2 && $0.crashed == 0 } == true)
        #expect(session.report?.summary.spawnFailures == 2)
        #expect(session.stdout.contains("Permission denied"))
        #expect(session.code == ExitCode.nothingMeasured)
        let testProcesses = session.launcher.requests.filter {
            $0.executable == package.binary && !$0.arguments.contains("--list-tests")
        }
        #expect(testProcesses.count == 2)
    }

    /// A selection whose selectors do not fit one argument is split into processes that
    /// fit, deliberately, instead of failing to spawn and being retried one test at a time.
    @Test func longSelectorListsAreSplitToFitOneArgument() throws {
        let long = String(repeating: "x", count: 180)
        var tests = (0..<1_500).map { Self.xctest("LongNames.VeryLongNamedTests/test\($0)_\(long)") }
        tests.append(Self.xctest("LongNames.Other/testOutside"))
        let package = try FakePackage(tests: tests)
        package.maximumArgumentBytes = 128 * 1024
        let session = try Self.session(package, ["run", "--filter", "VeryLong", "--runs", "2", "--quiet"])
        Self.expectInvariant(session, package, runs: 2)
        #expect(session.report?.tests.count == 1_500)
        #expect(session.report?.tests.allSatisfy { $0.passed == 2 } == true)
        let testProcesses = session.launcher.requests.filter {
            $0.executable == package.binary && !$0.arguments.contains("--list-tests")
        }
        // About 327 KB of selectors in arguments of at most 100 KiB: 4 processes a run. Before, the one
        // 327 KB argument failed to spawn and every test was re-run alone: 1,500 processes a run.
        #expect(testProcesses.count == 2 * 4)
        #expect(
            testProcesses.allSatisfy {
                $0.arguments.allSatisfy { $0.utf8.count <= InvocationFactory.maximumArgumentBytes }
            })
    }

    /// In-process mode: a crash ends its process's repetitions; the repetitions after it run in a new
    /// process, as process mode gives every test that did not start a fresh one, so none goes unmeasured.
    @Test func inProcessRepetitionsAfterACrashRunInANewProcess() throws {
        let package = try FakePackage(tests: [Self.swiftTesting("M.S/crashesEverySecondStart()", .crashesEvery(2))])
        let session = try Self.session(
            package, ["run", "--mode", "in-process", "--runs", "6", "--workers", "1", "--quiet"])
        Self.expectInvariant(session, package, runs: 6)
        let test = session.test("M.S/crashesEverySecondStart()")
        #expect(test?.history == "PCPCPC")
        #expect(session.report?.summary.lostResults == 0)
        let repeated = session.launcher.requests.filter { $0.arguments.contains("--repetitions") }
        // Two batches of 3 repetitions; each crashes in its 2nd, and its 3rd runs in a process of its own.
        #expect(repeated.map { $0.arguments.last } == ["3", "1", "3", "2"])
        #expect(session.code == ExitCode.gateFailed)
    }

    /// In-process mode records XCTest's process and Swift Testing's repetition of the same run apart;
    /// the summary still counts runs, not records.
    @Test func inProcessSummaryCountsRunsNotRecords() throws {
        let package = try FakePackage(tests: [Self.swiftTesting("M.S/passes()"), Self.xctest("M.C/testPasses")])
        let session = try Self.session(
            package, ["run", "--mode", "in-process", "--runs", "6", "--workers", "1", "--quiet"])
        Self.expectInvariant(session, package, runs: 6)
        #expect((session.report?.runs.count ?? 0) > 6, "one record per framework and run")
        #expect(
            session.stdout.contains("2 tests: 2 stable, 0 flaky, 0 failing, 0 skipped (6 runs in "), "\(session.stdout)"
        )
    }

    /// `--until-proven` drives the adaptive scheduler with the same executor: settled tests drop out.
    @Test func untilProvenSettlesAFlakyTestEarly() throws {
        let package = try FakePackage(tests: [
            Self.xctest("M.C/testFlaky", .failsEvery(2)), Self.xctest("M.C/testStable"),
        ])
        let session = try Self.session(
            package, ["run", "--until-proven", "--max-runs", "30", "--workers", "2", "--quiet"])
        let flaky = session.test("M.C/testFlaky")
        #expect(flaky?.verdict == .flaky)
        #expect((flaky?.countedRuns ?? 99) < 30)
        #expect(session.test("M.C/testStable")?.verdict == .stable)
        #expect(session.report?.tests.allSatisfy { !$0.history.contains("-") } == true)
    }

    /// Ctrl-C in the middle of the runs: finished runs count, the rest are not-run, exit 130.
    @Test func interruptMidRunKeepsFinishedRuns() throws {
        let package = try FakePackage(tests: [Self.xctest("M.C/testA"), Self.xctest("M.C/testB")])
        package.interruptTestProcess = 3
        let session = try Self.session(package, ["run", "--runs", "10", "--workers", "1", "--quiet"])
        #expect(session.code == ExitCode.interrupted)
        #expect(session.report?.interrupted == true)
        #expect(session.test("M.C/testA")?.passed == 2)
        Self.expectInvariant(session, package, runs: session.test("M.C/testA")?.history.count ?? 0)
    }

    /// Ctrl-C during the build stops it and says so; no report, exit 130.
    @Test func interruptDuringTheBuildSaysWhatHappened() throws {
        let package = try FakePackage(tests: [Self.xctest("M.C/testA")])
        package.buildEnding = .interruptedByUser
        let session = try Self.session(package, ["run", "--runs", "3"])
        #expect(session.code == ExitCode.interrupted)
        #expect(session.stderr.contains("interrupted during the build"))
        #expect(session.report == nil)
        #expect(!session.launcher.requests.contains { $0.executable == package.binary })
    }
}

extension RunHarnessTests {
    /// Run K is `logs/run-0000K.log`, `runs[].run` K, and a failure in it lists K.
    @Test func runNumbersAgreeWithLogNames() throws {
        let package = try FakePackage(tests: [.init(id: "M.A/testB", framework: .xctest, behaviour: .failsEvery(2))])
        let output = package.folder + "/out"
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
            currentDirectory: package.folder, launcher: package.launcher)
        _ = FlakeCheckCommand.main(
            [
                "run", "--package-path", package.folder, "--output", output, "--runs", "4",
                "--workers", "1", "--quiet",
            ], context: context)
        let json =
            try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: output + "/report.json")))
            as? [String: Any]
        let failure = ((json?["tests"] as? [[String: Any]])?.first?["failures"] as? [[String: Any]])?.first
        #expect(failure?["runs"] as? [Int] == [2, 4])
        let runs = (json?["runs"] as? [[String: Any]]) ?? []
        let failed = runs.filter { $0["logPath"] is String }
        #expect(failed.map { $0["run"] as? Int } == [2, 4])
        #expect(failed.map { $0["logPath"] as? String } == ["logs/run-00002.log", "logs/run-00004.log"])
        #expect(FileManager.default.fileExists(atPath: output + "/logs/run-00002.log"))
        let report = try JSONReportFormat.load(output + "/report.json", shownPath: "report.json")
        #expect(report.tests.first?.failures.first?.runIndices == [1, 3], "read back as indices from 0")
    }
}

extension RunHarnessTests {
    @Test func reportsWrittenBeforeRunNumbersStillRead() throws {
        let old = try JSONDecoder().decode(
            TestSummary.FailureSummary.self, from: Data(#"{"message":"m","count":1,"runIndices":[0,4]}"#.utf8))
        #expect(old.runIndices == [0, 4])
        let new = try JSONDecoder().decode(
            TestSummary.FailureSummary.self, from: Data(#"{"message":"m","count":1,"runs":[1,5]}"#.utf8))
        #expect(new == old)
    }
}
