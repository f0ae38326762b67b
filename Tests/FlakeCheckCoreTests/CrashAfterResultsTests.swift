import Foundation
import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckRunner
import FlakeCheckSupport
import Testing

/// A process's end is a fact no pass line outweighs: a test process that ends badly after its tests
/// reported (a class `tearDown`, an exit handler, a thread left behind) leaves no clean run, and the
/// test that does it is found without blaming its partners.
@Suite struct CrashAfterResultsTests {
    static let ids = ["A.T/testA", "A.U/testB"]
    static let catalog = TestCatalog(ids.map { TestIdentity(canonicalID: $0, framework: .xctest) })
    static let signal = ProcessExit(exitCode: nil, signal: 4, wallSeconds: 0.1)

    static func console(passed names: [String], summary: Bool = false) -> RunTranscript {
        var log = ""
        for name in names {
            log += "Test Case '\(name)' started at 2026-01-01 00:00:00.000\n"
            log += "Test Case '\(name)' passed (0.001 seconds)\n"
        }
        if summary {
            log += "Test Suite 'Selected tests' passed at 2026-01-01 00:00:00.001\n"
            log += "\t Executed \(names.count) tests, with 0 failures (0 unexpected) in 0.002 (0.002) seconds\n"
        }
        return Fixture.consoleTranscript(Data(log.utf8)).0
    }

    static func analysis(_ console: RunTranscript, exit: ProcessExit) -> InvocationAnalysis {
        InvocationAnalysis(
            testIDs: ids, frameworks: [.xctest], exit: exit, console: console, eventStream: nil, catalog: catalog)
    }

    /// A class `tearDown` crashes after its one test passed, before the partner's class starts: the test
    /// that reported is the only one that can have done it; the partner gets a fresh process.
    @Test func aCrashBeforeThePartnerStartsBlamesTheTestThatReported() {
        let analysis = Self.analysis(Self.console(passed: ["T.testA"]), exit: Self.signal)
        #expect(analysis.results["A.T/testA"]?.outcome == .crashed)
        #expect(
            analysis.results["A.T/testA"]?.failures.last?.message
                .hasPrefix("crashed after reporting its result, with signal 4 (SIGILL") == true)
        #expect(analysis.retries == [["A.U/testB"]])
        #expect(analysis.suspects == nil)
    }

    /// Both reported, then the process died (an exit handler): neither result counts until each has run
    /// alone; they are suspects, and the crash is said to have come after their results.
    @Test func aCrashAfterEveryTestReportedMakesThemSuspects() {
        let analysis = Self.analysis(Self.console(passed: ["T.testA", "U.testB"], summary: true), exit: Self.signal)
        #expect(analysis.results.isEmpty)
        #expect(analysis.suspects?.candidates == Self.ids)
        #expect(analysis.suspects?.afterResults == true)
        #expect(analysis.suspects?.blame.outcome == .crashed)
        #expect(analysis.retries.isEmpty)
    }

    /// A non-zero exit status that no failure explains is no clean end either, even after a summary.
    @Test func anUnexplainedExitStatusIsNotAPass() {
        let exit = ProcessExit(exitCode: 3, signal: nil, wallSeconds: 0.1)
        let analysis = Self.analysis(Self.console(passed: ["T.testA"], summary: true), exit: exit)
        #expect(analysis.results["A.T/testA"]?.outcome == .crashed)
        #expect(
            analysis.results["A.T/testA"]?.failures.last?.message
                == "the process exited with status 3 after this test reported its result")
    }

    /// A failure explains XCTest's exit status 1: the passes beside it stand.
    @Test func aFailureExplainsTheExitStatus() {
        let log =
            "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\n"
            + "/p/T.swift:3: error: T.testA : XCTAssertTrue failed\n"
            + "Test Case 'T.testA' failed (0.001 seconds)\n"
            + "Test Case 'U.testB' started at 2026-01-01 00:00:00.000\n"
            + "Test Case 'U.testB' passed (0.001 seconds)\n"
            + "Test Suite 'Selected tests' failed at 2026-01-01 00:00:00.001\n"
        let analysis = Self.analysis(
            Fixture.consoleTranscript(Data(log.utf8)).0, exit: ProcessExit(exitCode: 1, signal: nil, wallSeconds: 0))
        #expect(analysis.results["A.T/testA"]?.outcome == .failed)
        #expect(analysis.results["A.U/testB"]?.outcome == .passed)
        #expect(analysis.suspects == nil)
    }

    /// In-process repetitions share one exit status: a failure in an earlier repetition explains a
    /// status 1 at the end, so the last repetition's passes stand.
    @Test func anEarlierRepetitionsFailureExplainsTheStatus() {
        let reference = TestReference(framework: .swiftTesting, name: "M.S/a()", isQualified: true)
        var events = RunTranscript()
        events.record(.started(reference))
        events.record(.finished(reference, .failed, duration: 0.001))
        events.record(.started(reference))
        events.record(.finished(reference, .passed, duration: 0.001))
        events.record(.runFinished(.swiftTesting))
        let catalog = TestCatalog([TestIdentity(canonicalID: "M.S/a()", framework: .swiftTesting)])
        let repetitions = RepetitionAnalysis(
            testIDs: ["M.S/a()"], count: 2, exit: ProcessExit(exitCode: 1, signal: nil, wallSeconds: 0),
            eventStream: events, catalog: catalog, crashLine: nil
        ).repetitions
        #expect(repetitions.map { $0.results["M.S/a()"]?.outcome } == [.failed, .passed])
    }

    /// Run alone, one suspect ends badly again: it alone is blamed, the other keeps its result from
    /// running alone, and the incident says the crash came after their results.
    @Test func theSuspectThatCrashesAloneIsBlamedAndThePartnerSpared() {
        let suspects = InvocationAnalysis.Suspects(
            candidates: Self.ids,
            blame: TestResult(outcome: .crashed, failures: [FailureRecord(message: "crashed after reporting")]),
            afterResults: true)
        var state = RunState()
        state.results = ["A.T/testA": TestResult(outcome: .crashed), "A.U/testB": TestResult(outcome: .passed)]
        state.suspicions = [RunState.Suspicion(suspects: suspects, aloneOutcomes: ["A.T/testA": .crashed, "A.U/testB": .passed])]
        state.settleSuspicions(interrupted: false)
        #expect(state.results["A.U/testB"]?.outcome == .passed)
        #expect(state.incidents.first?.blamed == ["A.T/testA"])
        #expect(state.incidents.first?.cause == .endedAfterResults(failure: "crashed after reporting", reported: 2))
        #expect(state.incidents.first?.isUnresolved == false)
    }

    /// Neither crashes alone: nobody can be spared, each counts as crashed, and the incident fails the gate.
    @Test func suspectsThatNeverCrashAloneAllCountAsCrashed() {
        let suspects = InvocationAnalysis.Suspects(
            candidates: Self.ids, blame: TestResult(outcome: .crashed, failures: [FailureRecord(message: "x")]),
            afterResults: true)
        var state = RunState()
        state.suspicions = [RunState.Suspicion(suspects: suspects, aloneOutcomes: ["A.T/testA": .passed, "A.U/testB": .passed])]
        state.settleSuspicions(interrupted: false)
        #expect(Self.ids.allSatisfy { state.results[$0]?.outcome == .crashed })
        #expect(state.results["A.T/testA"]?.failures.first?.message.contains("after 2 tests had reported") == true)
        #expect(state.incidents.first?.isUnresolved == true)
    }
}

/// `parse` follows the same rule where a log can: SwiftPM said the process died while none of its tests
/// ran, so one of those that reported took it down. It cannot re-run them: one that reported alone is
/// crashed after its result, several are named in an incident that fails the gate.
@Suite struct CrashAfterResultsParseTests {
    static func read(_ text: String) -> (runs: [[String: TestResult]], incidents: [RunIncident]) {
        var parser = ConsoleParser()
        var analysis = SavedLogProcesses()
        var runs: [[String: TestResult]] = []
        let keep = { (output: SavedLogProcesses.Result) in
            while runs.count <= output.iteration { runs.append([:]) }
            var result = runs[output.iteration][output.identity.id] ?? output.result
            if output.result.outcome.severity > result.outcome.severity { result.outcome = output.result.outcome }
            runs[output.iteration][output.identity.id] = result
        }
        parser.feed(Data(text.utf8)) { analysis.record($0, emit: keep) }
        parser.finish { analysis.record($0, emit: keep) }
        analysis.finish(emit: keep)
        return (runs, analysis.incidents.map(\.incident))
    }

    /// The real log: SwiftPM's line that the process died is printed first, before either test started.
    @Test func aClassTearDownCrashAfterTwoResultsNamesBothAndCountsNeitherClean() throws {
        let (runs, incidents) = Self.read(try Fixture.text("linux-6.3.1-swift-test-class-teardown-crash.txt"))
        let crash = try #require(incidents.first { $0.kind == .crash })
        #expect(
            Set(crash.candidates)
                == ["BystanderXCTests/testPasses", "ClassTearDownCrashXCTests/testPassesBeforeClassTearDownCrashes"])
        #expect(crash.isUnresolved)
        #expect(runs.count == 1)
        // Neither ended well, so neither passed: `run` would run each alone; a log cannot.
        #expect(crash.candidates.allSatisfy { runs.first?[$0]?.outcome == .notRun }, "\(runs)")
    }

    @Test func anExitHandlerAbortAfterTwoParallelResultsNamesBoth() throws {
        let (_, incidents) = Self.read(try Fixture.text("linux-6.3.1-swift-test-exit-handler-abort.txt"))
        let crash = try #require(incidents.first { $0.kind == .crash })
        #expect(Set(crash.candidates) == ["innocentPartner()", "registersAnAbortingExitHandler()"])
        guard case .endedAfterResults(_, let reported) = crash.cause else {
            Issue.record("cause \(crash.cause)")
            return
        }
        #expect(reported == 2)
    }

    /// One test reported, then SwiftPM said its process died: that test crashed after its result.
    @Test func theOneTestThatReportedIsCrashed() {
        let log =
            "error: Process '/p/PackageTests.xctest T.testA' exited with unexpected signal code 4\n"
            + "Test Suite 'Selected tests' started at 2026-01-01 00:00:00.000\n"
            + "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\n"
            + "Test Case 'T.testA' passed (0.001 seconds)\n"
        let (runs, incidents) = Self.read(log)
        #expect(runs.first?["T/testA"]?.outcome == .crashed)
        #expect(incidents.allSatisfy { $0.kind != .crash })
    }

    /// Without SwiftPM's death line nothing says the process ended badly: the pass stands.
    @Test func withoutADeathLineThePassStands() {
        let log =
            "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\n"
            + "Test Case 'T.testA' passed (0.001 seconds)\n"
        #expect(Self.read(log).runs.first?["T/testA"]?.outcome == .passed)
    }
}

/// Many suspects are split, not each run alone: the one whose process ends badly is found in about
/// 2·log2(n) processes, and every other test keeps its pass.
@Suite struct SuspectSplittingTests {
    @Test func oneTestThatAbortsAtExitAmongTwelveIsFoundBySplitting() throws {
        var tests = (1...11).map { RunHarnessTests.xctest("M.C/test\($0)") }
        tests.insert(FakePackage.Test(id: "M.C/testAborts", framework: .xctest, behaviour: .abortsAtExit), at: 7)
        let package = try FakePackage(tests: tests)
        let session = try RunHarnessTests.session(package, ["run", "--runs", "2", "--workers", "1", "--quiet"])
        let report = try #require(session.report)
        #expect(report.tests.first { $0.id == "M.C/testAborts" }?.crashed == 2)
        #expect(report.tests.filter { $0.id != "M.C/testAborts" }.allSatisfy { $0.passed == 2 })
        for run in report.runs {
            // 12 → 6 + 6 → 3 + 3 → 3 alone: 1 + 2 + 2 + 3 = 8 processes, where running each alone took 13.
            #expect(run.processes.count <= 8, "run \(run.index): \(run.processes.count) processes")
            #expect(run.incidents?.first?.blamed == ["M.C/testAborts"])
        }
        #expect(session.code == ExitCode.gateFailed)
    }
}
