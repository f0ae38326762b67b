import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Saved logs that hold many runs of the same tests: every iteration is a run, and a
/// repeated name is the next iteration of its test, never a new test named `#2`.
@Suite struct SavedLogTests {
    /// One outcome symbol per run for `id` (`-` where the run did not show it), as the report's history.
    static func history(_ runs: [[String: TestResult]], _ id: String) -> String {
        String(runs.map { $0[id]?.outcome.symbol ?? "-" })
    }

    static func macOSCase(_ id: String, _ status: String, seconds: String = "0.001", iteration: String? = nil) -> String
    {
        let suffix = iteration.map { " (Iteration \($0))" } ?? ""
        return "Test Case '-[\(id)]' started\(suffix).\nTest Case '-[\(id)]' \(status) (\(seconds) seconds).\n"
    }

    @Test func concatenatedLinuxRunsAreRunsAndSharedNamesStayTwoTests() throws {
        let one = try Fixture.data("linux-6.3.1-xctest.txt")
        for chunkSize in [nil, 7, 4096] as [Int?] {
            let runs = Fixture.savedLogRuns(one + one + one, chunkSize: chunkSize)
            #expect(runs.count == 3)
            #expect(Self.history(runs, "StableXCTests/testPasses") == "PPP")
            #expect(Self.history(runs, "FailingXCTests/testAlwaysFails") == "FFF")
            // Two modules' SharedNameTests.testSame print alike: within one run they are two tests.
            let same = [
                Self.history(runs, "SharedNameTests/testSame"), Self.history(runs, "SharedNameTests/testSame #2"),
            ]
            #expect(same.sorted() == ["FFF", "PPP"])
            #expect(Set(runs.map { $0.count }).count == 1)
        }
    }

    @Test func xcodebuildTestIterationsAreRuns() {
        let log =
            "Test Suite 'All tests' started at 2026-11-23 10:00:00.000.\n"
            + Self.macOSCase("AppTests.Cart testTotal", "passed", iteration: "1 of 3")
            + "Test Case '-[AppTests.Cart testRace]' started (Iteration 1 of 3).\n"
            + "/Users/ci/App/CartTests.swift:9: error: -[AppTests.Cart testRace] : XCTAssertEqual failed\n"
            + "Test Case '-[AppTests.Cart testRace]' failed (0.001 seconds).\n"
            + Self.macOSCase("AppTests.Cart testRace", "passed", iteration: "2 of 3")
            + Self.macOSCase("AppTests.Cart testRace", "passed", iteration: "3 of 3")
            + Self.macOSCase("AppTests.Cart testTotal", "passed", iteration: "2 of 3")
            + Self.macOSCase("AppTests.Cart testTotal", "passed", iteration: "3 of 3")
            + "Test Suite 'All tests' failed at 2026-11-23 10:00:01.000.\n** TEST FAILED **\n"
        let runs = Fixture.savedLogRuns(Data(log.utf8))
        #expect(runs.count == 3)
        #expect(Self.history(runs, "AppTests.Cart/testRace") == "FPP")
        #expect(Self.history(runs, "AppTests.Cart/testTotal") == "PPP")
        #expect(runs[0]["AppTests.Cart/testRace"]?.failures.first?.message == "XCTAssertEqual failed")
    }

    /// `-retry-tests-on-failure` runs only the failed test again: it gets more runs than the others.
    @Test func xcodebuildRetriesAreExtraRunsOfTheRetriedTestOnly() {
        let log =
            Self.macOSCase("AppTests.Cart testRace", "failed", iteration: "1 of 3")
            + Self.macOSCase("AppTests.Cart testRace", "passed", iteration: "2 of 3")
            + Self.macOSCase("AppTests.Cart testTotal", "passed")
        let runs = Fixture.savedLogRuns(Data(log.utf8))
        #expect(Self.history(runs, "AppTests.Cart/testRace") == "FP")
        #expect(Self.history(runs, "AppTests.Cart/testTotal") == "P-")
    }

    /// macOS names are qualified, so a repeated name with no iteration marker is the next iteration.
    @Test func repeatedQualifiedNamesAreIterations() {
        let iteration =
            Self.macOSCase("AppTests.Cart testTotal", "passed") + Self.macOSCase("AppTests.Cart testRace", "passed")
        let log =
            iteration + iteration + Self.macOSCase("AppTests.Cart testTotal", "passed")
            + Self.macOSCase("AppTests.Cart testRace", "failed")
        let runs = Fixture.savedLogRuns(Data(log.utf8))
        #expect(runs.count == 3)
        #expect(Self.history(runs, "AppTests.Cart/testRace") == "PPF")
        #expect(runs.allSatisfy { $0.count == 2 })
    }

    /// Swift Testing 6.0–6.3 `--repetitions 3`: `Iteration N started.` lines divide the runs; two suites'
    /// `same()` stay two tests within each.
    @Test func swiftTestingIterationLinesAreRuns() {
        func iteration(_ number: Int, sameFails: Bool) -> String {
            "◇ Iteration \(number) started.\n◇ Test same() started.\n◇ Test same() started.\n✔ Test same() passed "
                + "after 0.001 seconds.\n"
                + (sameFails
                    ? "✘ Test same() recorded an issue at A.swift:3:5: Expectation failed: x\n✘ Test same() failed "
                        + "after 0.001 seconds with 1 issue.\n"
                    : "✔ Test same() passed after 0.002 seconds.\n")
                + "◇ Iteration \(number) ended after 0.01 seconds.\n"
        }
        let log =
            "◇ Test run started.\n" + iteration(1, sameFails: false) + iteration(2, sameFails: true)
            + iteration(3, sameFails: false)
            + "✘ Test run with 2 tests in 0 suites failed after 0.04 seconds with 1 issue.\n"
        let runs = Fixture.savedLogRuns(Data(log.utf8))
        #expect(runs.count == 3)
        // Iterations 1 and 3: both passed, so both did. Iteration 2: one passed and one failed while both
        // ran, and without the declarations nothing says whose end was whose: neither counts.
        #expect(Self.history(runs, "same()") == "P-P")
        #expect(Self.history(runs, "same() #2") == "P-P")
        #expect(runs[1]["same()"]?.outcome == .notRun)
        #expect(runs[1]["same()"]?.failures.first?.message.hasPrefix("ambiguous: ") == true)
    }

    /// Swift Testing 6.4 numbers each repetition on its start line instead.
    @Test func swiftTesting64RepetitionLinesAreRuns() {
        let log =
            "◇ Test run started.\n◇ Test flaky() started.\n✔ Test flaky() passed after 0.001 seconds.\n"
            + "◇ Test flaky() started (repetition 2).\n✘ Test flaky() recorded an issue at A.swift:3:5: Expectation "
            + "failed: x\n"
            + "✘ Test flaky() failed after 0.001 seconds with 1 issue.\n"
            + "◇ Test flaky() started (repetition 3).\n✔ Test flaky() passed after 0.001 seconds.\n"
            + "✘ Test run with 1 test in 0 suites failed after 0.01 seconds with 1 issue.\n"
        let runs = Fixture.savedLogRuns(Data(log.utf8))
        #expect(Self.history(runs, "flaky()") == "PFP")
    }

    /// A crash ends a `swift test` output early; the next output is the next run, and the tests after the
    /// crash are not run in the crashed one, never passed.
    @Test func crashInOneConcatenatedRunIsThatRunsOnly() throws {
        let crashed =
            "Test Suite 'All tests' started at 2026\nTest Case 'A.testOne' started at 2026\n"
            + "Test Case 'A.testOne' passed (0.001 seconds)\nTest Case 'A.testCrash' started at 2026\n"
            + "Fatal error: Unexpectedly found nil\n"
        let clean =
            "Test Suite 'All tests' started at 2026\n"
            + ["testOne", "testCrash", "testAfter"].map {
                "Test Case 'A.\($0)' started at 2026\nTest Case 'A.\($0)' passed (0.001 seconds)\n"
            }.joined()
            + "Test Suite 'All tests' passed at 2026\n"
        let runs = Fixture.savedLogRuns(Data((clean + crashed + clean).utf8))
        #expect(runs.count == 3)
        #expect(Self.history(runs, "A/testOne") == "PPP")
        #expect(Self.history(runs, "A/testCrash") == "PCP")
        #expect(Self.history(runs, "A/testAfter") == "P-P")
        let crash = try #require(runs[1]["A/testCrash"]?.failures.first?.message)
        #expect(crash.contains("crashed or was killed") && crash.contains("Fatal error: Unexpectedly found nil"))
    }

    /// A failure printed after the test's end line still fails that run, and only that run.
    @Test func lateIssueFailsItsOwnRun() {
        let log =
            "◇ Test run started.\n◇ Test late() started.\n✔ Test late() passed after 0.001 seconds.\n"
            + "✘ Test late() recorded an issue at A.swift:3:5: Expectation failed: late\n"
            + "✔ Test run with 1 test in 0 suites passed after 0.01 seconds.\n"
            + "◇ Test run started.\n◇ Test late() started.\n✔ Test late() passed after 0.001 seconds.\n"
            + "✔ Test run with 1 test in 0 suites passed after 0.01 seconds.\n"
        let runs = Fixture.savedLogRuns(Data(log.utf8))
        #expect(Self.history(runs, "late()") == "FP")
    }

    /// With the package's test list, printed Linux names become `run`'s IDs.
    @Test func catalogGivesRunsIDs() throws {
        let one = try Fixture.data("linux-6.3.1-xctest.txt")
        let runs = Fixture.savedLogRuns(one + one, catalog: try Fixture.catalog())
        #expect(runs.count == 2)
        let ids = runs[0].keys.sorted()
        #expect(ids.allSatisfy { $0.contains(".") && $0.contains("/") }, "\(ids)")
        #expect(Self.history(runs, "AlphaTests.StableXCTests/testPasses") == "PP")
        #expect(Self.history(runs, "AlphaTests.FailingXCTests/testAlwaysFails") == "FF")
        let same = ["AlphaTests", "BetaTests"].map { Self.history(runs, "\($0).SharedNameTests/testSame") }
        #expect(same.sorted() == ["FF", "PP"])
    }
}

/// xcodebuild's own result lines (Xcode 15+), which have no start line.
@Suite struct XcodebuildOutputTests {
    static let log = """
        Testing started
        Test suite 'CartTests' started on 'My Mac - App (20040)'
        Test case 'CartTests.testTotal()' passed on 'My Mac - App (20040)' (0.006 seconds)
        Test case 'CartTests.testRace()' failed on 'My Mac - App (20040)' (0.278 seconds)
        Test case 'Checkout/pays()' passed on 'My Mac - App (20040)' (0.001 seconds)
        Test case 'CartTests.testTotal()' passed on 'My Mac - App (20040)' (0.004 seconds)
        Restarting after unexpected exit, crash, or test timeout in CartTests.testRace(); summary will include totals from previous launches.
        Test case 'Checkout/pays()' failed on 'My Mac - App (20040)' (0.002 seconds)
        Test case 'CartTests.testSkip()' skipped on 'My Mac - App (20040)' (0.000 seconds)

        ** TEST FAILED **

        """

    @Test func iterationsCrashesAndBanner() {
        let runs = Fixture.savedLogRuns(Data(Self.log.utf8))
        #expect(runs.count == 2)
        #expect(SavedLogTests.history(runs, "CartTests/testTotal") == "PP")
        #expect(SavedLogTests.history(runs, "CartTests/testRace") == "FC")
        #expect(SavedLogTests.history(runs, "Checkout/pays()") == "PF")
        #expect(SavedLogTests.history(runs, "CartTests/testSkip") == "S-")
        #expect(runs[0]["CartTests/testTotal"]?.duration == 0.006)
    }

    /// With the tests `--only-testing` named, the printed names resolve to their IDs.
    @Test func printedNamesResolveToOnlyTestingIDs() {
        let catalog = TestCatalog([
            TestIdentity(canonicalID: "AppTests.CartTests/testTotal", framework: .xctest),
            TestIdentity(canonicalID: "AppTests.CartTests/testRace", framework: .xctest),
            TestIdentity(canonicalID: "AppTests.Checkout/pays()", framework: .swiftTesting),
        ])
        let runs = Fixture.savedLogRuns(Data(Self.log.utf8), catalog: catalog)
        #expect(SavedLogTests.history(runs, "AppTests.CartTests/testRace") == "FC")
        #expect(SavedLogTests.history(runs, "AppTests.Checkout/pays()") == "PF")
    }

    /// The same lines in one process of a run: the banner ends the session, the restart line crashes its test.
    @Test func oneRunsTranscript() {
        let (transcript, _) = Fixture.consoleTranscript(Data(Self.log.utf8))
        #expect(transcript.finishedFrameworks == [.xctest, .swiftTesting])
        #expect(transcript.entries.filter { $0.status == .crashed }.map(\.reference.name) == ["CartTests/testRace"])
    }
}

/// `parse --package-path` asks the built package for its tests (never building it) and reports the IDs
/// `run` uses.
@Suite struct ParsePackagePathTests {
    @Test func savedLogSpeaksRunsIDs() throws {
        let package = try FakePackage(tests: [
            .init(id: "CartTests.CartTests/testRace", framework: .xctest, behaviour: .passes),
            .init(id: "CartTests.CartTests/testTotal", framework: .xctest, behaviour: .passes),
        ])
        let run = { (raceStatus: String) in
            "Test Suite 'All tests' started at 2026\n"
                + "Test Case 'CartTests.testRace' started at 2026\nTest Case 'CartTests.testRace' \(raceStatus) (0.01 "
                + "seconds)\n"
                + "Test Case 'CartTests.testTotal' started at 2026\nTest Case 'CartTests.testTotal' passed (0.01 "
                + "seconds)\n"
                + "Test Suite 'All tests' passed at 2026\n"
        }
        let log = package.folder + "/ci.log"
        try Data((run("passed") + run("failed") + run("passed")).utf8).write(to: URL(fileURLWithPath: log))
        let launcher = package.launcher
        let out = CapturedOutput()
        let err = CapturedOutput()
        let context = CommandContext(
            stdout: out, stderr: err, environment: [:], currentDirectory: package.folder,
            launcher: launcher)
        let code = FlakeCheckCommand.main(
            [
                "parse", log, "--package-path", package.folder, "--output",
                package.folder + "/out", "--quiet",
            ], context: context)
        #expect(code == ExitCode.gateFailed, "\(err.text)")
        let report = try JSONReportFormat.decode(
            try Data(contentsOf: URL(fileURLWithPath: package.folder + "/out/report.json")), path: "r")
        #expect(report.tests.map(\.id) == ["CartTests.CartTests/testRace", "CartTests.CartTests/testTotal"])
        #expect(report.tests.map(\.history) == ["PFP", "PPP"])
        #expect(report.runs.map(\.logIteration) == [1, 2, 3])
        #expect(!launcher.requests.contains { $0.arguments.contains("--build-tests") }, "parse never builds")
    }
}

extension SavedLogTests {
    /// A crash line belongs to the test it took down, not to a later test of the same run that also never ends.
    @Test func crashLineGoesToItsOwnTest() throws {
        let log =
            "Test Suite 'All tests' started at 2026\nTest Case 'A.testOne' started at 2026\nFatal error: boom\n"
            + "Test Suite 'All tests' started at 2026\nTest Case 'A.testThree' started at 2026\n"
            + "Test Case 'A.testThree' passed (0.001 seconds)\nTest Case 'A.testTwo' started at 2026\n"
        let runs = Fixture.savedLogRuns(Data(log.utf8))
        let messages = { (id: String) in runs.compactMap { $0[id]?.failures.first?.message }.joined() }
        #expect(messages("A/testOne").hasSuffix(": Fatal error: boom"))
        #expect(!messages("A/testTwo").contains("boom"))
        #expect(runs.compactMap { $0["A/testTwo"]?.outcome } == [.crashed])
    }
}
