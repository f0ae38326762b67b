import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// A test that runs the test binary again as a child selecting the same test (OpenCombine's
/// `assertCrashes`), with the child's output inherited: the child's lines arrive inside the running test
/// and decide nothing. The running test's outcome is its own end line; one whose own end says failed is
/// never a pass. The same rule in `run` (a process's transcript) and `parse` (a saved log).
@Suite struct ChildProcessOutputTests {
    static let root = "Test Suite 'Selected tests' started at 2026-11-26 10:00:00.000\n"
    static let summary =
        "Test Suite 'Selected tests' passed at 2026-11-26 10:00:01.000\n"
        + "\t Executed 1 test, with 0 failures (0 unexpected) in 0.1 (0.1) seconds\n"

    static func start(_ name: String) -> String { "Test Case '\(name)' started at 2026-11-26 10:00:00.000\n" }
    static func end(_ name: String, _ status: String) -> String { "Test Case '\(name)' \(status) (0.001 seconds)\n" }
    static func failure(_ name: String, _ message: String) -> String { "/src/T.swift:9: error: \(name) : \(message)\n" }

    /// One process of `BreakpointTests.testA` whose child prints `child`, then the parent's own `ending`,
    /// then a second test that passes, then the summary.
    static func process(child: String, ending: String) -> String {
        root + start("BreakpointTests.testA") + root + child + ending
            + start("BreakpointTests.testB") + end("BreakpointTests.testB", "passed") + summary
    }

    static let childPasses = start("BreakpointTests.testA") + end("BreakpointTests.testA", "passed") + summary
    static let childFails =
        start("BreakpointTests.testA")
        + failure("BreakpointTests.testA", "XCTAssertEqual failed: child's own")
        + end("BreakpointTests.testA", "failed") + summary
    static let childDies = start("BreakpointTests.testA") + "T.swift:3: Fatal error: expected crash\n"
    static let parentFails =
        failure("BreakpointTests.testA", "failed - Child process should have crashed")
        + end("BreakpointTests.testA", "failed")
    static let parentPasses = end("BreakpointTests.testA", "passed")

    static let cases: [(child: String, ending: String, outcome: TestOutcome)] = [
        (childPasses, parentFails, .failed), (childDies, parentPasses, .passed),
        (childFails, parentPasses, .passed), (childDies, parentFails, .failed),
    ]

    @Test(arguments: 0..<4, [nil, 5])
    func theParentsOwnEndDecides(index: Int, chunkSize: Int?) {
        let (child, ending, outcome) = Self.cases[index]
        let log = Data(Self.process(child: child, ending: ending).utf8)
        let (transcript, _) = Fixture.consoleTranscript(log, chunkSize: chunkSize)
        #expect(transcript.entries.map(\.reference.name) == ["BreakpointTests/testA", "BreakpointTests/testB"])
        #expect(transcript.entries.map { $0.status.map(TestOutcome.init) } == [outcome, .passed])
        #expect(transcript.finishedFrameworks == [.xctest])
        // parse reads the same log as one run of two tests.
        let runs = Fixture.savedLogRuns(log, chunkSize: chunkSize)
        #expect(runs.count == 1)
        #expect(runs.first?["BreakpointTests/testA"]?.outcome == outcome)
        #expect(runs.first?["BreakpointTests/testB"]?.outcome == .passed)
        #expect(runs.first?.count == 2)
    }

    /// The parent's own failure message stays with it; the child's does not become the parent's.
    @Test func theChildsFailureIsNotTheParents() throws {
        let log = Data(Self.process(child: Self.childFails, ending: Self.parentPasses).utf8)
        let (transcript, _) = Fixture.consoleTranscript(log)
        #expect(transcript.entries.first?.failures.isEmpty == true)
        let failed = Data(Self.process(child: Self.childPasses, ending: Self.parentFails).utf8)
        let message = try #require(Fixture.consoleTranscript(failed).0.entries.first?.failures.first?.message)
        #expect(message.contains("Child process should have crashed"))
    }

    /// Through the whole engine of `run`: the catalog, the selection and the exit status.
    @Test func aRunNeverPassesATestWhoseOwnEndFailed() {
        let catalog = TestCatalog(
            ["OpenCombineTests.BreakpointTests/testA", "OpenCombineTests.BreakpointTests/testB"]
                .map { TestIdentity(canonicalID: $0, framework: .xctest) })
        let log = Data(Self.process(child: Self.childPasses, ending: Self.parentFails).utf8)
        let analysis = InvocationAnalysis(
            testIDs: catalog.tests.map(\.id), frameworks: [.xctest],
            exit: ProcessExit(exitCode: 1, signal: nil, wallSeconds: 0.2),
            console: Fixture.consoleTranscript(log).0, eventStream: nil, catalog: catalog)
        #expect(analysis.results["OpenCombineTests.BreakpointTests/testA"]?.outcome == .failed)
        #expect(analysis.results["OpenCombineTests.BreakpointTests/testB"]?.outcome == .passed)
        #expect(analysis.unknownTests.isEmpty)
        #expect(analysis.results.count == 2)
    }

    /// Whole sessions: a test whose child passes, fails or dies in turn fails exactly on its own failing
    /// starts (every 2nd), in process and in-process mode alike, and no `#2` test appears.
    @Test(arguments: ["process", "in-process"])
    func aSessionCountsOnlyTheTestsOwnEnds(mode: String) throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.Crashes/testTraps", .runsItselfAsChild(failsEvery: 2)),
            RunHarnessTests.xctest("M.Crashes/testAfter"),
        ])
        let session = try RunHarnessTests.session(
            package, ["run", "--runs", "6", "--workers", "1", "--mode", mode, "--quiet"])
        let report = try #require(session.report)
        #expect(report.tests.map(\.id).sorted() == ["M.Crashes/testAfter", "M.Crashes/testTraps"])
        #expect(report.tests.first { $0.id == "M.Crashes/testTraps" }?.history == "PFPFPF")
        #expect(report.tests.first { $0.id == "M.Crashes/testAfter" }?.history == "PPPPPP")
        RunHarnessTests.expectInvariant(session, package, runs: 6)
    }

    /// A saved log of two runs where the first died inside a test: SwiftPM's death line says the next
    /// start-of-run line is a new process, even when the next run starts with the same test.
    @Test func swiftPMsDeathLineEndsTheRunEvenWhenTheSameTestComesFirst() {
        let died =
            Self.root + Self.start("A.testCrash") + "Fatal error: boom\n"
            + "error: Process '/p/.build/debug/PPackageTests.xctest' exited with unexpected signal code 4\n"
        let clean = Self.root + Self.start("A.testCrash") + Self.end("A.testCrash", "passed") + Self.summary
        let runs = Fixture.savedLogRuns(Data((died + clean).utf8))
        #expect(SavedLogTests.history(runs, "A/testCrash") == "CP")
    }

    /// SwiftPM's stderr line lands inside a stdout line: it is taken out, and the line is whole again.
    @Test(arguments: [
        (
            "Test Case 'A.testOther' passed error: Process '/p/T.xctest' exited with unexpected signal code 6\n(0.1 "
                + "seconds)\n",
            FinishStatus.passed
        ),
        (
            "Test Case 'A.testOther' pas"
                + "error: Process '/p/T.xctest' exited with unexpected signal code 6\nsed (0.0 seconds)\n", .passed
        ),
        ("Test Case 'A.testOther' failed (0.1 seconds)error: Exited with unexpected signal code 11\n", .failed),
    ])
    func aDeathLineInsideAnotherLineIsTakenOut(glued: String, status: FinishStatus) {
        let log = Self.root + Self.start("A.testOther") + glued + Self.summary
        let (transcript, _) = Fixture.consoleTranscript(Data(log.utf8))
        #expect(transcript.entries.map(\.status) == [status])
        #expect(transcript.entries.first?.duration != nil)
    }

    @Test func deathLineNamesTheLibrary() {
        let line = "error: Process '/p/T.xctest --testing-library swift-testing' exited with unexpected signal code 6"
        Array(line.utf8).withUnsafeBufferPointer { buffer in
            let death = ProcessDeathLine.find(in: LineBytes(buffer))
            #expect(death?.framework == .swiftTesting)
            #expect(death?.range == 0..<line.utf8.count)
            #expect(death?.signal == 6, "the signal, which `parse` gives the process's end")
        }
        let newer = "error: Exited with unexpected signal code 11"
        Array(newer.utf8).withUnsafeBufferPointer { buffer in
            #expect(ProcessDeathLine.find(in: LineBytes(buffer))?.signal == 11)
        }
    }
}
