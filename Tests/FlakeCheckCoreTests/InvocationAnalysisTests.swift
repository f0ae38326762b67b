import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

@Suite struct InvocationAnalysisTests {
    static let crash = ProcessExit(exitCode: nil, signal: 4, wallSeconds: 0.1)

    @Test func xctestCrashBlamesTheRunningTestAndRetriesTheRest() throws {
        let catalog = try Fixture.catalog()
        let (console, parser) = Fixture.consoleTranscript(try Fixture.data("linux-6.3.1-xctest-crash.txt"))
        let ids = ["AlphaTests.CrashingXCTests/testCrashes", "AlphaTests.StableXCTests/testPasses"]
        let analysis = InvocationAnalysis(
            testIDs: ids, frameworks: [.xctest], exit: Self.crash, console: console,
            eventStream: nil, catalog: catalog, crashLine: parser.lastCrashLine)
        #expect(analysis.results["AlphaTests.CrashingXCTests/testCrashes"]?.outcome == .crashed)
        #expect(
            analysis.results["AlphaTests.CrashingXCTests/testCrashes"]?.failures.first?.message
                .contains("deliberate crash") == true)
        #expect(analysis.results["AlphaTests.StableXCTests/testPasses"] == nil)
        #expect(analysis.retries == [["AlphaTests.StableXCTests/testPasses"]])
    }

    /// Swift Testing runs tests in parallel: when two were running at the crash, both are suspects, which
    /// the executor re-runs alone; nobody is blamed (or cleared) here.
    @Test func parallelCrashMakesEveryRunningTestASuspect() throws {
        let catalog = try Fixture.catalog()
        let events = Fixture.eventTranscript(try Fixture.data("linux-6.3.1-swift-testing-crash-events.jsonl"))
        let ids = ["AlphaTests.CrashingSuite/crashes()", "AlphaTests.StableSuite/passes()"]
        let analysis = InvocationAnalysis(
            testIDs: ids, frameworks: [.swiftTesting], exit: Self.crash,
            console: RunTranscript(), eventStream: events, catalog: catalog)
        #expect(analysis.results.isEmpty)
        #expect(analysis.retries.isEmpty)
        #expect(Set(analysis.suspects?.candidates ?? []) == Set(ids))
        #expect(analysis.suspects?.blame.outcome == .crashed)
    }

    /// A parallel timeout makes suspects too: the one that hangs alone is blamed, not all that ran.
    @Test func parallelTimeoutMakesSuspectsNotVictims() {
        var events = RunTranscript()
        for name in ["M.S/a()", "M.S/b()"] {
            events.record(.started(TestReference(framework: .swiftTesting, name: name, isQualified: true)))
        }
        let catalog = TestCatalog(
            ["M.S/a()", "M.S/b()"].map { TestIdentity(canonicalID: $0, framework: .swiftTesting) })
        let analysis = InvocationAnalysis(
            testIDs: ["M.S/a()", "M.S/b()"], frameworks: [.swiftTesting],
            exit: ProcessExit(exitCode: nil, signal: 9, timedOut: true, wallSeconds: 3), console: RunTranscript(),
            eventStream: events, catalog: catalog)
        #expect(analysis.results.isEmpty)
        #expect(analysis.suspects?.candidates == ["M.S/a()", "M.S/b()"])
        #expect(analysis.suspects?.blame.outcome == .timedOut)
    }

    /// A normal end (status 0 and a summary) does not prove the tests after it ran: a test can print its
    /// own pass and a fake summary and call `exit(0)`. The tests that never started get a fresh process.
    @Test func testsThatNeverStartedAfterANormalEndAreRunAgain() {
        let log =
            "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\nTest Case 'T.testA' passed (0.001 seconds)\n"
            + "Test Suite 'Selected tests' passed at 2026-01-01 00:00:00.001\n"
        let (transcript, _) = Fixture.consoleTranscript(Data(log.utf8))
        let catalog = TestCatalog(["A.T/testA", "A.T/testB"].map { TestIdentity(canonicalID: $0, framework: .xctest) })
        let analysis = InvocationAnalysis(
            testIDs: ["A.T/testA", "A.T/testB"], frameworks: [.xctest],
            exit: ProcessExit(exitCode: 0, signal: nil, wallSeconds: 0),
            console: transcript, eventStream: nil, catalog: catalog)
        #expect(analysis.results["A.T/testA"]?.outcome == .passed)
        #expect(analysis.results["A.T/testB"] == nil)
        #expect(analysis.retries == [["A.T/testB"]])
        #expect(analysis.lost.isEmpty)
    }

    /// A process that ends normally without starting any of its tests would do the same again: lost, loudly.
    @Test func aProcessThatStartedNothingLosesItsTestsInsteadOfRetrying() {
        let (transcript, _) = Fixture.consoleTranscript(
            Data("Test Suite 'Selected tests' passed at 2026-01-01 00:00:00.001\n".utf8))
        let catalog = TestCatalog([TestIdentity(canonicalID: "A.T/testB", framework: .xctest)])
        let analysis = InvocationAnalysis(
            testIDs: ["A.T/testB"], frameworks: [.xctest], exit: ProcessExit(exitCode: 0, signal: nil, wallSeconds: 0),
            console: transcript, eventStream: nil, catalog: catalog)
        #expect(analysis.results["A.T/testB"]?.outcome == .notRun)
        #expect(analysis.lost == ["A.T/testB"])
        #expect(analysis.retries.isEmpty)
    }

    /// A test that started and never ended although the process ended normally lost its result.
    @Test func aStartedTestWithoutEndAfterANormalEndIsLost() {
        let log = "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\n"
        let (transcript, _) = Fixture.consoleTranscript(Data(log.utf8))
        let catalog = TestCatalog([TestIdentity(canonicalID: "A.T/testA", framework: .xctest)])
        var events = RunTranscript()
        events.record(.runFinished(.xctest))
        let analysis = InvocationAnalysis(
            testIDs: ["A.T/testA"], frameworks: [.xctest], exit: ProcessExit(exitCode: 0, signal: nil, wallSeconds: 0),
            console: transcript, eventStream: events, catalog: catalog)
        #expect(analysis.results["A.T/testA"]?.outcome == .notRun)
        #expect(analysis.lost == ["A.T/testA"])
    }

    @Test func timeoutBlamesUnfinishedTestsAsTimedOut() throws {
        var console = RunTranscript()
        console.record(
            .started(TestReference(framework: .xctest, name: "HangingXCTests/testHangs", isQualified: false)))
        let catalog = TestCatalog([TestIdentity(canonicalID: "A.HangingXCTests/testHangs", framework: .xctest)])
        let analysis = InvocationAnalysis(
            testIDs: ["A.HangingXCTests/testHangs"], frameworks: [.xctest],
            exit: ProcessExit(exitCode: nil, signal: 9, timedOut: true, wallSeconds: 1), console: console,
            eventStream: nil, catalog: catalog)
        #expect(analysis.results["A.HangingXCTests/testHangs"]?.outcome == .timedOut)
        #expect(analysis.retries.isEmpty)
    }

    /// A process that exits 0 without printing anything proves nothing: its tests did not run.
    @Test func silentCleanExitIsNotAPass() {
        let catalog = TestCatalog([TestIdentity(canonicalID: "A.T/testX", framework: .xctest)])
        let analysis = InvocationAnalysis(
            testIDs: ["A.T/testX"], frameworks: [.xctest], exit: ProcessExit(exitCode: 0, signal: nil, wallSeconds: 0),
            console: RunTranscript(), eventStream: nil, catalog: catalog)
        #expect(analysis.results["A.T/testX"]?.outcome == .crashed)
    }

    /// A fake "all passed" summary printed after a crash does not turn the crash into a pass.
    @Test func signalBeatsAFakeSummary() {
        let log =
            "Test Case 'T.testX' started at 2026-01-01 00:00:00.000\nTest Suite 'All tests' passed at 2026-01-01 "
            + "00:00:00.001\n"
        let (transcript, _) = Fixture.consoleTranscript(Data(log.utf8))
        let catalog = TestCatalog([TestIdentity(canonicalID: "A.T/testX", framework: .xctest)])
        let analysis = InvocationAnalysis(
            testIDs: ["A.T/testX"], frameworks: [.xctest], exit: Self.crash,
            console: transcript, eventStream: nil, catalog: catalog)
        #expect(analysis.results["A.T/testX"]?.outcome == .crashed)
    }

    @Test func interruptedRunCountsNothing() {
        var console = RunTranscript()
        console.record(.started(TestReference(framework: .xctest, name: "T/testX", isQualified: false)))
        let catalog = TestCatalog([TestIdentity(canonicalID: "A.T/testX", framework: .xctest)])
        let analysis = InvocationAnalysis(
            testIDs: ["A.T/testX"], frameworks: [.xctest],
            exit: ProcessExit(exitCode: nil, signal: 15, interrupted: true, wallSeconds: 0), console: console,
            eventStream: nil, catalog: catalog)
        #expect(analysis.results["A.T/testX"]?.outcome == .notRun)
    }

    @Test func namesThatClashGoToSeparateProcesses() {
        let tests = ["Alpha.SharedNameTests/testSame", "Beta.SharedNameTests/testSame", "Alpha.Other/testA"]
            .map { TestIdentity(canonicalID: $0, framework: .xctest) }
        let batches = InvocationFactory.batchesWithoutNameClashes(tests).map { $0.map(\.id) }
        #expect(
            batches == [["Alpha.SharedNameTests/testSame", "Alpha.Other/testA"], ["Beta.SharedNameTests/testSame"]])
    }

    @Test func exactFilterExpressionSelectsOnlyTheGivenIDs() throws {
        let pattern = TestSelection.exactExpression(for: ["M.S/test()", "M.T/a(x:)"])
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ s: String) -> Bool { TestSelection.matches(regex, s) }
        #expect(matches("M.S/test()/File.swift:3:4"))
        #expect(matches("M.T/a(x:)"))
        #expect(!matches("M.S/testMore()"))
        #expect(!matches("M.S"))
    }
}

extension InvocationAnalysisTests {
    /// A test that prints its own "passed" line and then dies of a signal is not a pass.
    @Test func passLinePrintedBeforeACrashIsNotAPass() {
        let log = "Test Case 'T.testX' started at 2026-01-01 00:00:00.000\nTest Case 'T.testX' passed (0.001 seconds)\n"
        let (transcript, _) = Fixture.consoleTranscript(Data(log.utf8))
        let catalog = TestCatalog([TestIdentity(canonicalID: "A.T/testX", framework: .xctest)])
        let analysis = InvocationAnalysis(
            testIDs: ["A.T/testX"], frameworks: [.xctest], exit: Self.crash,
            console: transcript, eventStream: nil, catalog: catalog)
        #expect(analysis.results["A.T/testX"]?.outcome == .crashed)
    }

    @Test func prefilterKeepsEveryRecognisableLine() {
        for line in [
            "Test Case 'A.b' started at x", "\t Executed 1 test", "     Executed 1 test", "✔ Test x() passed.",
            "/p/F.swift:3: error: A.b : failed", "Swift/Array.swift:692: Fatal error: Index out of range",
            "*** Program crashed: Illegal instruction", "? Test x() passed with 1 warning.", "\u{1B}[90m◇\u{1B}[0m x",
        ] {
            #expect(!line.withLineBytes(ConsoleParser.cannotBeRecognised), "\(line)")
        }
        #expect("hello from stdout".withLineBytes(ConsoleParser.cannotBeRecognised))
        #expect(String(repeating: "x", count: 100).withLineBytes(ConsoleParser.cannotBeRecognised))
    }
}
