import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

@Suite struct XCTestConsoleParsingTests {
    @Test func linuxFixtureOutcomesAndMessages() throws {
        let results = Fixture.outcomes(ofConsole: try Fixture.data("linux-6.3.1-xctest.txt"))
        #expect(results["StableXCTests/testPasses"]?.outcome == .passed)
        #expect(results["StableXCTests/testSlow"]?.outcome == .passed)
        #expect(results["FlakyXCTests/testFailsEveryFourthRun"]?.outcome == .passed)
        #expect(results["FailingXCTests/testAlwaysFails"]?.outcome == .failed)
        #expect(results["SkippedXCTests/testSkipped"]?.outcome == .skipped)
        let failure = try #require(results["FailingXCTests/testAlwaysFails"]?.failures.first)
        #expect(failure.message == #"XCTAssertEqual failed: ("1") is not equal to ("2") - always fails"#)
        #expect(
            failure.location?.hasSuffix("XCTests.swift:22") == true || failure.location?.contains(".swift:") == true)
        let multiline = try #require(results["FailingXCTests/testMultilineFailure"]?.failures.first)
        #expect(multiline.message == "failed - first line\nsecond line")
        #expect((results["StableXCTests/testSlow"]?.duration ?? 0) >= 0.05)
    }

    /// Found on swift-service-lifecycle: an assertion without a message of its own ends at ` - `, and the
    /// log lines the test prints next are not part of it. A value with a newline still continues.
    @Test func assertionWithoutMessageTakesNoLogLines() throws {
        let console = """
            Test Case 'ServiceGroupTests.testNested' started at 2026-11-23 17:45:02.001
            /src/Tests/ServiceGroupTests.swift:1000: error: ServiceGroupTests.testNested : XCTAssertEqual failed: ("Optional(shutdownGracefully)") is not equal to ("Optional(runPing)") -\u{20}
            2026-11-23T17:45:02+0000 debug Tests: sl-service=Service1 [ServiceLifecycle] Service finished
            2026-11-23T17:45:02+0000 debug Tests: [ServiceLifecycle] Service lifecycle ended
            /src/Tests/ServiceGroupTests.swift:1001: error: ServiceGroupTests.testNested : XCTAssertEqual failed: ("two
            lines") is not equal to ("one") -\u{20}
            a log line after it
            Test Case 'ServiceGroupTests.testNested' failed (0.012 seconds)

            """
        let failures = try #require(
            Fixture.outcomes(ofConsole: Data(console.utf8))["ServiceGroupTests/testNested"]?.failures)
        #expect(
            failures.map(\.message) == [
                #"XCTAssertEqual failed: ("Optional(shutdownGracefully)") is not equal to ("Optional(runPing)")"#,
                "XCTAssertEqual failed: (\"two\nlines\") is not equal to (\"one\")",
            ])
    }

    /// Two modules' `SharedNameTests.testSame` print identically; they must stay two tests.
    @Test func sameClassNameInTwoModulesIsTwoTests() throws {
        let results = Fixture.outcomes(ofConsole: try Fixture.data("linux-6.3.1-xctest.txt"))
        let outcomes = [results["SharedNameTests/testSame"]?.outcome, results["SharedNameTests/testSame #2"]?.outcome]
        #expect(outcomes.contains(.passed) && outcomes.contains(.failed))
    }

    @Test func sharedLinuxSwift60Log() throws {
        let data = try Fixture.data("linux-6.0-mixed-xcbeautify.txt")
        let results = Fixture.outcomes(ofConsole: data)
        #expect(results["CaptureGroupTests/testForceFailure"]?.outcome == .failed)
        #expect(
            results["CaptureGroupTests/testForceFailure"]?.failures.first?.message
                == "XCTAssertTrue failed - True is never false.")
        #expect(results.values.filter { $0.outcome == .passed }.count == 4)
        #expect(results["testFailTrueIsFalse()"]?.outcome == .failed)
        #expect(
            results["testFailTrueIsFalse()"]?.failures.first
                == FailureRecord(
                    message: "Expectation failed: true == false", location: "Test.swift:17:9"))
        #expect(results["testTrueIsTrue()"]?.outcome == .passed)
    }

    @Test func sharedMacOSSwift60Log() throws {
        let data = try Fixture.data("macos-6.0-mixed-xcbeautify.txt")
        let results = Fixture.outcomes(ofConsole: data)
        let failed = try #require(results["XcbeautifyLibTests.CaptureGroupTests/testForceFailure"])
        #expect(failed.outcome == .failed)
        #expect(failed.duration == 0.163)
        #expect(results["XcbeautifyLibTests.CaptureGroupTests/testMatchSwiftTestingIssueArgument2"]?.outcome == .passed)
        #expect(results["testFailTrueIsFalse()"]?.outcome == .failed)
        #expect(results.count == 6)
    }

    @Test func macOSNamesWithSpacesAndSkips() {
        let log = """
            Test Case '-[MyProject.MyTestSuite some component, when the disk is full, will display an error]' started.
            Test Case '-[MyProject.MyTestSuite some component, when the disk is full, will display an error]' passed (0.005 seconds).
            Test Case '-[Kizba.PassTests testChanges]' started.
            /Users/x/PassTests.swift:100: -[Kizba.PassTests testChanges] : Test skipped - Set KIZBA_E2E=1
            Test Case '-[Kizba.PassTests testChanges]' skipped (0.003 seconds).
            Test Suite 'All tests' passed at 2025-08-10 01:38:41.939.

            """
        let results = Fixture.outcomes(ofConsole: Data(log.utf8))
        #expect(
            results["MyProject.MyTestSuite/some component, when the disk is full, will display an error"]?.outcome
                == .passed)
        #expect(results["Kizba.PassTests/testChanges"]?.outcome == .skipped)
    }

    @Test func thrownErrorAndCrashLines() throws {
        let log = """
            Test Case 'MathTests.testThrows' started at 2026-11-21 00:31:39.602
            <EXPR>:0: error: MathTests.testThrows : threw error "E()"
            Test Case 'MathTests.testThrows' failed (0.001 seconds)
            Test Case 'CrashXC.testCrash' started at 2026-11-21 00:33:53.911
            Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

            *** Signal 4: Backtracing from 0x7ff987f6df7f... done ***
            """
        let results = Fixture.outcomes(ofConsole: Data(log.utf8))
        #expect(
            results["MathTests/testThrows"]?.failures.first
                == FailureRecord(message: #"threw error "E()""#, location: "<EXPR>:0"))
        let crash = try #require(results["CrashXC/testCrash"])
        #expect(crash.outcome == .crashed)
        #expect(crash.failures.first?.message.contains("Fatal error: Index out of range") == true)
    }

    @Test func crashFixtureBlamesTheRunningTest() throws {
        let results = Fixture.outcomes(ofConsole: try Fixture.data("linux-6.3.1-xctest-crash.txt"))
        #expect(results["CrashingXCTests/testCrashes"]?.outcome == .crashed)
        #expect(results["StableXCTests/testPasses"] == nil)
    }

    /// Durations are read as plain decimals only: a garbled `nan` or `inf` must not reach the statistics.
    @Test func nonNumericDurationsAreDropped() {
        let log =
            "Test Case 'A.testX' started at 2026\nTest Case 'A.testX' passed (nan seconds)\n"
            + "Test Case 'A.testY' started at 2026\nTest Case 'A.testY' passed (inf seconds)\n"
            + "Test Case 'A.testZ' started at 2026\nTest Case 'A.testZ' passed (0.250 seconds)\n"
        let results = Fixture.outcomes(ofConsole: Data(log.utf8))
        #expect(results["A/testX"]?.outcome == .passed && results["A/testX"]?.duration == nil)
        #expect(results["A/testY"]?.duration == nil)
        #expect(results["A/testZ"]?.duration == 0.25)
    }

    /// A Swift Testing issue whose message happens to read like an XCTest failure stays a Swift Testing
    /// issue: lines that start with a symbol go to the Swift Testing classifier first.
    @Test func swiftTestingIssueThatLooksLikeAnXCTestFailure() throws {
        let log =
            "◇ Test parses() started.\n"
            + "✘ Test parses() recorded an issue at P.swift:3:5: Expectation failed: (line → \"F.swift:1: error: A.b "
            + ": no\")\n"
            + "✘ Test parses() failed after 0.001 seconds with 1 issue.\n"
        let results = Fixture.outcomes(ofConsole: Data(log.utf8))
        #expect(results.keys.sorted() == ["parses()"])
        let failure = try #require(results["parses()"]?.failures.first)
        #expect(failure.location == "P.swift:3:5")
        #expect(failure.message.hasPrefix("Expectation failed: (line"))
    }

    /// A test's print without a newline glues the result line onto it, as the real XCTest output of
    /// `HostileXCTests.testPrintsWithoutTrailingNewline` shows; the result must still be found, and it
    /// is the last line start on the line that counts.
    @Test func resultGluedOntoAnUnterminatedPrint() {
        let log =
            "Test Suite 'Selected tests' started at 2026\n"
            + "Test Case 'A.testB' started at 2026\n"
            + "progress 50%\rlog Test Case 'x' setupTest Case 'A.testB' passed (0.002 seconds)\n"
            + "Test Case 'A.testC' started at 2026\n"
            + "no newline/p/F.swift:3: error: A.testC : XCTAssertTrue failed\n"
            + "xTest Case 'A.testC' failed (0.001 seconds)\n"
            + "Test Suite 'Selected tests' passed at 2026\n"
        let results = Fixture.outcomes(ofConsole: Data(log.utf8))
        #expect(results.keys.sorted() == ["A/testB", "A/testC"])
        #expect(results["A/testB"]?.outcome == .passed)
        #expect(results["A/testC"]?.outcome == .failed)
        #expect(results["A/testC"]?.failures.first?.message == "XCTAssertTrue failed")
    }

    /// Quoted result lines are not glued results: one for a test that is not running is ignored, and
    /// while a failure's message is being collected a quoted pass of the running test does not count.
    @Test func quotedResultLinesPassNothing() {
        let log =
            "Test Case 'A.testB' started at 2026\n"
            + "[child] Test Case 'A.testOther' passed (0.001 seconds)\n"
            + "/p/F.swift:3: error: A.testB : XCTAssertEqual failed: (\"log:\n"
            + "    Test Case 'A.testB' passed (0.002 seconds)\n"
            + "\") is not equal to (\"\")\n"
            + "Test Case 'A.testB' failed (0.003 seconds)\n"
        let results = Fixture.outcomes(ofConsole: Data(log.utf8))
        #expect(results.keys.sorted() == ["A/testB"])
        #expect(results["A/testB"]?.outcome == .failed)
        #expect(results["A/testB"]?.failures.first?.message.contains("Test Case 'A.testB' passed") == true)
    }

    /// Swift Testing writes to stderr while a test's unterminated print sits on stdout: its line lands
    /// after the print. Only a symbol-led line counts, never a `?` in prose, and only for a running test.
    @Test func swiftTestingLineGluedOntoAnUnterminatedPrint() {
        let log =
            "◇ Test x() started.\n"
            + "✓ Test fixtures ready✔ Test x() passed after 0.001 seconds.\n"
            + "◇ Test y() started.\n"
            + "why? Test y() passed after 0.001 seconds.\n"
            + "INFO ✔ Test upload() passed after 2 retries\n"
        let results = Fixture.outcomes(ofConsole: Data(log.utf8))
        #expect(results["x()"]?.outcome == .passed)
        #expect(results["y()"]?.outcome != .passed)
        #expect(results["upload()"] == nil && results["fixtures"] == nil)
    }

    /// A failure message is cut at 64 KiB and at 40 continuation lines, `↳` lines included.
    @Test func longMessagesAreCut() throws {
        let huge = String(repeating: "y", count: 200_000)
        let log =
            "◇ Test a() started.\n✘ Test a() recorded an issue at F.swift:1:1: " + huge + "\n"
            + String(repeating: "↳ more\n", count: 100) + "✘ Test a() failed after 0.001 seconds with 1 issue.\n"
        let message = try #require(Fixture.outcomes(ofConsole: Data(log.utf8))["a()"]?.failures.first?.message)
        #expect(message.utf8.count <= ConsoleParser.maximumMessageBytes + 10)
        #expect(message.hasSuffix("… (cut)"))
        let lines =
            "Test Case 'A.testB' started at 2026\n/p/F.swift:3: error: A.testB : first\n"
            + String(repeating: "↳ more\n", count: 100) + "Test Case 'A.testB' failed (0.001 seconds)\n"
        let continued = try #require(Fixture.outcomes(ofConsole: Data(lines.utf8))["A/testB"]?.failures.first?.message)
        #expect(continued.split(separator: "\n").count == 1 + ConsoleParser.maximumContinuationLines)
    }
}
