import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Each test's result comes from its own start and end, and nothing is a pass unless its own pass was
/// seen: lines a test prints about other tests, forged or quoted, never count for them.
@Suite struct OneTruthPerTestTests {
    static func xctest(_ name: String, _ status: String) -> String {
        "Test Case '\(name)' started at 2026-01-01 00:00:00.000\n" + "Test Case '\(name)' \(status) (0.001 seconds)\n"
    }

    static let xcCatalog = TestCatalog(
        ["M.Printer/testPrints", "M.TwinB/testSame", "M.Skips/testSkipped"]
            .map { TestIdentity(canonicalID: $0, framework: .xctest) })

    /// A passing test prints another test's result line (a test of a log tool does exactly this). That
    /// test is not running: the line is a print. The real test, later, keeps its own failure, and no
    /// made-up `TwinB/testSame #2` appears.
    @Test func aResultLineForATestThatIsNotRunningCountsForNothing() {
        let log =
            "Test Case 'Printer.testPrints' started at 2026-01-01 00:00:00.000\n"
            + "Test Case 'TwinB.testSame' passed (0.001 seconds)\n"
            + "Test Case 'Skips.testSkipped' started at 2026-01-01 00:00:00.000\n"
            + "Test Case 'Skips.testSkipped' passed (0.001 seconds)\n"
            + "/src/Other.swift:3: error: TwinB.testSame : forged failure\n"
            + "Test Case 'Printer.testPrints' passed (0.002 seconds)\n"
            + "/src/Twin.swift:9: error: TwinB.testSame : XCTAssertTrue failed - twin fails\n"
            + "Test Case 'TwinB.testSame' started at 2026-01-01 00:00:00.000\n"
            + "/src/Twin.swift:9: error: TwinB.testSame : XCTAssertTrue failed - twin fails\n"
            + "Test Case 'TwinB.testSame' failed (0.001 seconds)\n"
            + "Test Case 'Skips.testSkipped' started at 2026-01-01 00:00:00.000\n"
            + "/src/Skips.swift:4: Skips.testSkipped : Test skipped - not here\n"
            + "Test Case 'Skips.testSkipped' skipped (0.000 seconds)\n"
            + "Test Suite 'Selected tests' passed at 2026-01-01 00:00:00.001\n"
        for chunk in [nil, 5] as [Int?] {
            let (console, _) = Fixture.consoleTranscript(Data(log.utf8), chunkSize: chunk)
            #expect(
                console.entries.map(\.reference.name) == ["Printer/testPrints", "TwinB/testSame", "Skips/testSkipped"])
            let analysis = InvocationAnalysis(
                testIDs: Self.xcCatalog.tests.map(\.id), frameworks: [.xctest],
                exit: ProcessExit(exitCode: 1, signal: nil, wallSeconds: 0),
                console: console, eventStream: nil, catalog: Self.xcCatalog)
            #expect(analysis.results["M.Printer/testPrints"]?.outcome == .passed)
            #expect(analysis.results["M.TwinB/testSame"]?.outcome == .failed)
            #expect(
                analysis.results["M.TwinB/testSame"]?.failures.map(\.message) == ["XCTAssertTrue failed - twin fails"])
            #expect(analysis.results["M.Skips/testSkipped"]?.outcome == .skipped)
            #expect(analysis.unknownTests.isEmpty)
            // The same log read as a saved log gives the same answers.
            let saved = Fixture.savedLogRuns(Data(log.utf8), chunkSize: chunk)
            #expect(saved.count == 1)
            #expect(saved.first?["TwinB/testSame"]?.outcome == .failed)
            #expect(saved.first?["Skips/testSkipped"]?.outcome == .skipped)
            #expect(saved.first?.keys.sorted() == ["Printer/testPrints", "Skips/testSkipped", "TwinB/testSame"])
        }
    }

    /// A test that forges its own pass and then fails for real: the second end is the test's own, and the
    /// worse one stands.
    @Test func aForgedOwnPassFollowedByTheRealFailureIsAFailure() {
        let log =
            "Test Case 'TwinB.testSame' started at 2026-01-01 00:00:00.000\n"
            + "Test Case 'TwinB.testSame' passed (0.001 seconds)\n"
            + "/src/Twin.swift:9: error: TwinB.testSame : XCTAssertTrue failed - real\n"
            + "Test Case 'TwinB.testSame' failed (0.002 seconds)\n"
        let (console, _) = Fixture.consoleTranscript(Data(log.utf8))
        #expect(console.entries.count == 1)
        #expect(console.entries.first?.status == .failed)
        #expect(Fixture.savedLogRuns(Data(log.utf8)).first?["TwinB/testSame"]?.outcome == .failed)
    }

    /// Two ends of a name before any start line of the run (a log whose start lines were lost): `parse` keeps
    /// the worse, as a live run does, and makes no `#2` test of the second; the tests that then start get
    /// their own starts and ends. The parser fuzzer found the made-up `same() #2` pass.
    /// A failing issue printed after its test's pass line (another thread's late report) fails the test:
    /// no pass carries a failure beside it, in a live run's transcript or a saved log.
    @Test func aFailingIssueAfterThePassLineFailsTheTest() {
        let log =
            "◇ Test run started.\n◇ Test late() started.\n✔ Test late() passed after 0.001 seconds.\n"
            + "✘ Test late() recorded an issue at Late.swift:3:5: Expectation failed: late\n"
            + "✔ Test run with 1 test passed after 0.002 seconds.\n"
        let (transcript, _) = Fixture.consoleTranscript(Data(log.utf8))
        #expect(transcript.entries.map(\.status) == [.failed])
        #expect(Fixture.outcomes(ofConsole: Data(log.utf8))["late()"]?.outcome == .failed)
    }

    /// SwiftPM once lost the first hundred lines of a Swift Testing process's output on a loaded machine:
    /// the summary counted 30 tests and the log showed 3. The tests it does not show cannot be named, but the
    /// shortfall is said, as an incident that fails the gate, in `parse` and in `run`'s engine alike.
    @Test func aSummaryThatCountsMoreTestsThanTheOutputShowedIsAnIncident() {
        let log =
            "✔ Test one() passed after 0.001 seconds.\n◇ Test two() started.\n✔ Test two() passed after 0.001 seconds.\n"
            + "✔ Test run with 5 tests in 2 suites passed after 0.002 seconds.\n"
        var parser = ConsoleParser()
        var analysis = SavedLogProcesses()
        parser.feed(Data(log.utf8)) { analysis.record($0, emit: { _ in }) }
        parser.finish { analysis.record($0, emit: { _ in }) }
        analysis.finish(emit: { _ in })
        let incident = analysis.incidents.first?.incident
        #expect(incident?.cause == .summaryCountsMore(framework: .swiftTesting, counted: 5, shown: 2))
        #expect(incident?.kind == .lostResults && incident?.isUnresolved == true)
        #expect(
            incident?.message.hasPrefix(
                "Swift Testing's end-of-run summary counts 5 tests, but the output showed only 2") == true)
        let (transcript, _) = Fixture.consoleTranscript(Data(log.utf8))
        var resolver = PrintedNameResolver(catalog: TestCatalog([]))
        let run = InvocationAnalysis(
            testIDs: [], frameworks: [.swiftTesting], exit: ProcessExit(exitCode: 0, signal: nil, wallSeconds: 1),
            console: transcript, eventStream: nil, resolver: &resolver)
        #expect(run.summaryShortfalls == [.summaryCountsMore(framework: .swiftTesting, counted: 5, shown: 2)])
        // A whole log says nothing of the kind.
        let whole =
            "◇ Test one() started.\n✔ Test one() passed after 0.001 seconds.\n"
            + "✔ Test run with 1 test passed after 0.002 seconds.\n"
        let (complete, _) = Fixture.consoleTranscript(Data(whole.utf8))
        #expect(complete.summaryCounts == [.swiftTesting: 1])
        var wholeAnalysis = SavedLogProcesses()
        var parser2 = ConsoleParser()
        parser2.feed(Data(whole.utf8)) { wholeAnalysis.record($0, emit: { _ in }) }
        parser2.finish { wholeAnalysis.record($0, emit: { _ in }) }
        wholeAnalysis.finish(emit: { _ in })
        #expect(wholeAnalysis.incidents.isEmpty)
        // XCTest's count is on the line after its root suite's end; a nested suite's count says nothing.
        let xctest =
            "Test Suite 'All tests' started at 2026-01-01 00:00:00.000\n"
            + "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\n"
            + "Test Case 'T.testA' passed (0.001 seconds)\n"
            + "Test Suite 'T' passed at 2026-01-01 00:00:00.001\n\t Executed 9 tests, with 0 failures\n"
            + "Test Suite 'All tests' passed at 2026-01-01 00:00:00.002\n"
            + "\t Executed 3 tests, with 0 failures (0 unexpected) in 0.002 (0.002) seconds\n"
        let (xcTranscript, _) = Fixture.consoleTranscript(Data(xctest.utf8))
        #expect(xcTranscript.summaryCounts == [.xctest: 3])
    }

    /// A test that reported a failure and then crashed keeps that failure beside the crash.
    @Test func aCrashedTestKeepsTheFailuresItReportedFirst() {
        let log =
            "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\n"
            + "/p/T.swift:3: error: T.testA : XCTAssertEqual failed: (\"1\") is not equal to (\"2\")\n"
        let (transcript, _) = Fixture.consoleTranscript(Data(log.utf8))
        let analysis = InvocationAnalysis(
            testIDs: ["M.T/testA"], frameworks: [.xctest], exit: ProcessExit(exitCode: nil, signal: 11, wallSeconds: 1),
            console: transcript, eventStream: nil,
            catalog: TestCatalog([TestIdentity(canonicalID: "M.T/testA", framework: .xctest)]))
        let result = analysis.results["M.T/testA"]
        #expect(result?.outcome == .crashed)
        #expect(result?.failures.map(\.message).contains { $0.contains("XCTAssertEqual failed") } == true)
        #expect(result?.failures.first?.message.hasPrefix("crashed with signal 11") == true)
    }

    @Test func aSecondEndBeforeAnyStartMakesNoSecondTest() {
        let log =
            "◇ Test run started.\n✘ Test same() failed after 0.004 seconds with 1 issue.\n"
            + "✔ Test same() passed after 0.004 seconds.\n◇ Test same() started.\n◇ Test same() started.\n"
            + "✘ Test same() failed after 0.004 seconds with 1 issue.\n✔ Test same() passed after 0.004 seconds.\n"
            + "✘ Test run with 2 tests failed after 0.007 seconds with 1 issue.\n"
        let (console, _) = Fixture.consoleTranscript(Data(log.utf8))
        #expect(console.entries.map(\.occurrence) == [1, 2, 3])
        #expect(console.entries.first?.status == .failed)
        let saved = Fixture.savedLogRuns(Data(log.utf8))
        #expect(saved.first?["same()"]?.outcome == .failed)
        // The two that started cannot be told apart: neither is a pass.
        #expect(saved.first?["same() #2"]?.outcome == .notRun)
        #expect(saved.first?["same() #3"]?.outcome == .notRun)
        #expect(saved.first?.count == 3)
    }

    /// A summary printed inside a running test is a print: the library prints its summary after its last
    /// test ended.
    @Test func aSummaryPrintedInsideATestDoesNotEndTheRun() {
        let log =
            "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\n"
            + "Test Suite 'All tests' passed at 2025-01-01 00:00:00.000\n"
        let (console, _) = Fixture.consoleTranscript(Data(log.utf8))
        #expect(console.finishedFrameworks.isEmpty)
    }

    /// XCTest's pass line glued onto the end of a 2 MiB print with no newline: the line is cut at 1 MiB
    /// for memory, but its end is kept, so the test passed (it was `not-run`, "reported no result").
    @Test func aPassGluedOntoAPrintPastTheLineLimitIsAPass() {
        var log = Data("Test Case 'T.testHuge' started at 2026-01-01 00:00:00.000\n".utf8)
        log.append(Data(repeating: UInt8(ascii: "x"), count: 2 << 20))
        log.append(Data("Test Case 'T.testHuge' passed (0.010 seconds)\n".utf8))
        for chunk in [nil, 65_536] as [Int?] {
            let (console, _) = Fixture.consoleTranscript(log, chunkSize: chunk)
            #expect(console.entries.map(\.status) == [.passed])
        }
    }

    /// A glued pass for one Swift Testing test while another test's multi-line issue is being collected is
    /// the first test's real end; only a pass glued right after the same test's own failure is refused.
    @Test func aGluedPassWhileAnotherTestsIssueIsCollectedCounts() {
        let log =
            "◇ Test alpha() started.\n◇ Test beta() started.\n"
            + "✘ Test beta() recorded an issue at B.swift:5:9: Expectation failed: 1 == 2\n"
            + "↳ first detail\n"
            + "progress…✔ Test alpha() passed after 0.004 seconds.\n"
            + "✘ Test beta() failed after 0.005 seconds with 1 issue.\n"
            + "◇ Test gamma() started.\n"
            + "✘ Test gamma() recorded an issue at G.swift:5:9: Expectation failed: quoted\n"
            + "log: ✔ Test gamma() passed after 0.001 seconds.\n"
            + "✘ Test gamma() failed after 0.002 seconds with 1 issue.\n"
        let runs = Fixture.savedLogRuns(Data(log.utf8))
        #expect(runs.first?["alpha()"]?.outcome == .passed)
        #expect(runs.first?["beta()"]?.outcome == .failed)
        #expect(runs.first?["gamma()"]?.outcome == .failed)
        let (console, _) = Fixture.consoleTranscript(Data(log.utf8))
        #expect(console.entries.map(\.status) == [.passed, .failed, .failed])
    }

    // MARK: Same-named Swift Testing functions in a saved log

    static let sameNameCatalog: TestCatalog = {
        var one = TestIdentity(canonicalID: "M.SameNameOne/sameName()", framework: .swiftTesting)
        one.sourcePath = "/src/Tests/M/Suites.swift"
        one.sourceLine = 30
        var two = TestIdentity(canonicalID: "M.SameNameTwo/sameName()", framework: .swiftTesting)
        two.sourcePath = "/src/Tests/M/Suites.swift"
        two.sourceLine = 36
        return TestCatalog([one, two])
    }()

    /// `issueBetweenStarts`: the failing test started first and reported its issue before the other
    /// started (seen in a real run of the Matrix fixture, where SameNameTwo's suite started first).
    /// `apart`: one ended before the other started (seen in a real run of the Matrix fixture: SameNameTwo
    /// ran whole before SameNameOne started, and the order of starts named them the wrong way round).
    static func sameNameRun(failingFirst: Bool, issueBetweenStarts: Bool = false, apart: Bool = false) -> String {
        let issue =
            "✘ Test sameName() recorded an issue at Suites.swift:37:9: Expectation failed: Bool(false)\n↳ two fails\n"
        let fail = "✘ Test sameName() failed after 0.002 seconds with 1 issue.\n"
        let pass = "✔ Test sameName() passed after 0.001 seconds.\n"
        let start = "◇ Test sameName() started.\n"
        let tests =
            apart
            ? (failingFirst ? start + issue + fail + start + pass : start + pass + start + issue + fail)
            : (issueBetweenStarts ? start + issue + start : start + start + issue)
                + (failingFirst ? fail + pass : pass + fail)
        return "◇ Test run started.\n◇ Suite SameNameOne started.\n◇ Suite SameNameTwo started.\n" + tests
            + "✘ Test run with 2 tests in 2 suites failed after 0.003 seconds with 1 issue.\n"
    }

    /// Two suites' `sameName()` run in parallel, one always passes and one always fails. Whichever ends
    /// first, and whether or not they overlapped, the issue's location (`Suites.swift:37`, inside the second
    /// declaration) says whose failure
    /// it is: the fail is always Two's and the pass always One's, with Two's message.
    @Test func sameNamedFunctionsAreToldApartByTheIssueLocation() {
        let log = (0..<10).map {
            Self.sameNameRun(failingFirst: $0 % 3 == 0, issueBetweenStarts: $0 % 2 == 0, apart: $0 % 5 < 2)
        }.joined()
        let runs = Fixture.savedLogRuns(Data(log.utf8), catalog: Self.sameNameCatalog)
        #expect(runs.count == 10)
        #expect(runs.allSatisfy { $0["M.SameNameOne/sameName()"]?.outcome == .passed })
        #expect(runs.allSatisfy { $0["M.SameNameTwo/sameName()"]?.outcome == .failed })
        #expect(runs.allSatisfy { $0["M.SameNameOne/sameName()"]?.failures.isEmpty == true })
        #expect(
            runs.allSatisfy { $0["M.SameNameTwo/sameName()"]?.failures.first?.message.contains("two fails") == true })
    }

    /// Without the declarations (no `--package-path`), the same log cannot tell whose end is whose: neither
    /// test gets a result, and the run carries an incident that fails the gate.
    @Test func sameNamedFunctionsWithoutEvidenceAreAmbiguousNotGuessed() {
        var parser = ConsoleParser()
        var analysis = SavedLogProcesses()
        var results: [SavedLogProcesses.Result] = []
        parser.feed(Data(Self.sameNameRun(failingFirst: false).utf8)) { analysis.record($0) { results.append($0) } }
        parser.finish { analysis.record($0) { results.append($0) } }
        analysis.finish { results.append($0) }
        #expect(results.count == 2)
        #expect(results.allSatisfy { $0.result.outcome == .notRun })
        #expect(analysis.incidents.map(\.incident.kind) == [.ambiguousResults])
        #expect(analysis.incidents.first?.incident.isUnresolved == true)
    }

    /// Both pass: the outcome is certain for both even though the log cannot say whose end came first.
    @Test func sameNamedFunctionsThatAllPassNeedNoEvidence() {
        let log =
            "◇ Test initialState() started.\n◇ Test initialState() started.\n"
            + "✔ Test initialState() passed after 0.001 seconds.\n✔ Test initialState() passed after 0.002 seconds.\n"
        let runs = Fixture.savedLogRuns(Data(log.utf8))
        #expect(runs.first?["initialState()"]?.outcome == .passed)
        #expect(runs.first?["initialState() #2"]?.outcome == .passed)
    }

    /// A log with no end summary stops before some of the package's tests ran: with the catalog, each of
    /// them is not run in that iteration and an incident says so (they were simply absent).
    @Test func testsALogThatDiedNeverReachedAreNotRunWithAnIncident() {
        let log =
            "Test Suite 'All tests' started at 2026-01-01 00:00:00.000\n" + Self.xctest("Printer.testPrints", "passed")
            + "Test Case 'TwinB.testSame' started at 2026-01-01 00:00:00.000\n"
        var parser = ConsoleParser()
        var analysis = SavedLogProcesses(catalog: Self.xcCatalog)
        var results: [String: TestOutcome] = [:]
        parser.feed(Data(log.utf8)) { analysis.record($0) { results[$0.identity.id] = $0.result.outcome } }
        parser.finish { analysis.record($0) { results[$0.identity.id] = $0.result.outcome } }
        analysis.finish { results[$0.identity.id] = $0.result.outcome }
        #expect(
            results == ["M.Printer/testPrints": .passed, "M.TwinB/testSame": .crashed, "M.Skips/testSkipped": .notRun])
        #expect(analysis.incidents.map(\.incident.candidates) == [["M.Skips/testSkipped"]])
    }
}

/// A parameterized test's failing argument is shown even when its message does not name it.
@Suite struct FailingArgumentTests {
    @Test func theEventStreamsTestCaseNamesTheFailingArgument() {
        let line =
            #"{"kind":"event","payload":{"_testCase":{"displayName":"3","id":"x"},"instant":{"absolute":1,"since1970":1},"#
            + #""issue":{"isKnown":false,"sourceLocation":{"_filePath":"/s/P.swift","column":5,"fileID":"M/P.swift","line":9}},"#
            + #""kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: value < 3"}],"#
            + #""testID":"M.P/isSmall(_:)/P.swift:7:6"},"version":0}"#
        let transcript = Fixture.eventTranscript(
            Data(
                (#"{"kind":"event","payload":{"instant":{"absolute":0,"since1970":0},"kind":"testStarted","messages":[],"testID":"M.P/isSmall(_:)/P.swift:7:6"},"version":0}"#
                    + "\n" + line + "\n").utf8))
        let failure = transcript.entries.first?.failures.first
        #expect(failure?.arguments == "3")
        #expect(failure?.shownMessage == "[arguments: 3] Expectation failed: value < 3")
        var tally = TestTally(identity: TestIdentity(canonicalID: "M.P/isSmall(_:)", framework: .swiftTesting))
        tally.record(TestResult(outcome: .failed, failures: [failure!]), runIndex: 0)
        #expect(TestSummary(tally: tally, confidence: 0.95).failures.first?.message.hasPrefix("[arguments: 3]") == true)
    }

    @Test func theConsoleIssueLineNamesTheFailingArgument() {
        let log =
            "◇ Test isSmall(_:) started.\n"
            + "✘ Test isSmall(_:) recorded an issue with 1 argument value → 3 at P.swift:9:5: Expectation failed: "
            + "(value → 3) < 3\n"
            + "✘ Test isSmall(_:) failed after 0.001 seconds with 1 issue.\n"
        let (console, _) = Fixture.consoleTranscript(Data(log.utf8))
        #expect(console.entries.first?.failures.first?.arguments == "value → 3")
        #expect(console.entries.first?.failures.first?.location == "P.swift:9:5")
    }
}

/// Whole sessions through the scripted launcher with hostile tests beside ordinary ones.
@Suite struct HostileSessionTests {
    /// A test prints every other test's pass line: the always-failing test stays failing in every run,
    /// and no made-up `#2` test appears.
    @Test func forgedPassLinesNeverPassAnotherTest() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.A/testPrinter", .spoofsOthers),
            RunHarnessTests.xctest("M.B/testAlwaysFails", .failsEvery(1)),
            RunHarnessTests.swiftTesting("M.S/alwaysFails()", .failsEvery(1)),
        ])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "6", "--workers", "2", "--quiet"])
        RunHarnessTests.expectInvariant(session, package, runs: 6)
        #expect(session.test("M.B/testAlwaysFails")?.history == "FFFFFF")
        #expect(session.test("M.S/alwaysFails()")?.history == "FFFFFF")
        #expect(session.report?.tests.count == 3)
    }

    /// A test prints its own pass and a fake summary and exits 0: the tests after it in its process never
    /// started, and each gets a fresh process instead of being not-run (it was 7 tests × 12 runs).
    @Test func testsAfterAForgedSummaryAndExitZeroRunInAFreshProcess() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.A/testExitsZero", .forgesSummaryAndExits),
            RunHarnessTests.xctest("M.A/testLaterFlaky", .failsEvery(4)),
            RunHarnessTests.xctest("M.A/testLaterPasses"),
        ])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "8", "--workers", "1", "--quiet"])
        RunHarnessTests.expectInvariant(session, package, runs: 8)
        #expect(session.test("M.A/testLaterFlaky")?.history == "PPPFPPPF")
        #expect(session.test("M.A/testLaterPasses")?.history == "PPPPPPPP")
        #expect(session.report?.summary.lostResults == 0)
    }
}

/// Failure messages as a person reads them.
@Suite struct FailureMessageTests {
    /// corelibs-xctest records `<description> - <message>`; with no message the text ended in a dangling ` -`.
    @Test func anXCTestAssertionWithoutAMessageHasNoDanglingSeparator() {
        let log =
            "Test Case 'T.testA' started at 2026-01-01 00:00:00.000\n"
            + "/src/T.swift:3: error: T.testA : XCTAssertTrue failed - \n"
            + "Test Case 'T.testA' failed (0.001 seconds)\n"
        let (console, _) = Fixture.consoleTranscript(Data(log.utf8))
        #expect(console.entries.first?.failures.map(\.message) == ["XCTAssertTrue failed"])
    }
}
