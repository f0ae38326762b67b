import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckRunner
import FlakeCheckReporting

/// `--timeout` bounds each test from its own start: the clock of a process (`TestTimeLimit`) names the
/// test that ran past it, and the analysis blames that test and no other. Every time here is a given
/// date, never a wait.
@Suite struct TimeLimitTests {
    static let start = Date(timeIntervalSinceReferenceDate: 1_000)
    static func xctest(_ name: String) -> TestReference { TestReference(framework: .xctest, name: name, isQualified: false) }
    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    /// Three 4 s tests in a row under a 10 s limit: 12 s in one process, and no bound runs out.
    @Test func slowTestsInARowEachStayUnderTheirOwnLimit() {
        let clock = TestTimeLimit(perTest: 10, processBound: TestTimeLimit.processBound(perTest: 10, tests: 3), start: Self.start)
        for (number, name) in ["C/testA", "C/testB", "C/testC"].enumerated() {
            let began = Double(number) * 4
            clock.observe(.started(Self.xctest(name)), at: Self.at(began))
            clock.noteOutput(at: Self.at(began))
            #expect(!clock.hasExpired(at: Self.at(began + 3.9)))
            clock.observe(.finished(Self.xctest(name), .passed, duration: 4), at: Self.at(began + 4))
            clock.noteOutput(at: Self.at(began + 4))
        }
        #expect(!clock.hasExpired(at: Self.at(12.5)))
        #expect(clock.expiry == nil)
    }

    /// Of two tests in flight, only the one that started more than the limit ago overran.
    @Test func onlyTheTestPastItsOwnLimitOverran() {
        let clock = TestTimeLimit(perTest: 10, processBound: 100, start: Self.start)
        clock.observe(.started(Self.xctest("C/testHangs")), at: Self.at(1))
        clock.observe(.started(Self.xctest("C/testLate")), at: Self.at(8))
        #expect(!clock.hasExpired(at: Self.at(10.5)))
        #expect(clock.hasExpired(at: Self.at(11.5)))
        #expect(clock.expiry == .testsOverran([Self.xctest("C/testHangs")], limit: 10))
        // The first expiry is kept.
        #expect(clock.hasExpired(at: Self.at(50)))
        #expect(clock.expiry == .testsOverran([Self.xctest("C/testHangs")], limit: 10))
    }

    @Test func aSilentProcessWithNoTestRunningRunsOutToo() {
        let clock = TestTimeLimit(perTest: 10, processBound: 100, start: Self.start)
        clock.observe(.started(Self.xctest("C/testA")), at: Self.at(1))
        clock.observe(.finished(Self.xctest("C/testA"), .passed, duration: 1), at: Self.at(2))
        clock.noteOutput(at: Self.at(2))
        #expect(!clock.hasExpired(at: Self.at(11)))
        #expect(clock.hasExpired(at: Self.at(12.5)))
        #expect(clock.expiry == .silentWithoutTest(seconds: 10))
    }

    @Test func theProcessBoundIsOneLimitPerTestAndOneMore() {
        #expect(TestTimeLimit.processBound(perTest: 10, tests: 3) == 40)
        let clock = TestTimeLimit(perTest: 10, processBound: 20, start: Self.start)
        for second in stride(from: 0.0, through: 20, by: 5) {
            clock.observe(.started(Self.xctest("C/t\(Int(second))")), at: Self.at(second))
            clock.observe(.finished(Self.xctest("C/t\(Int(second))"), .passed, duration: 5), at: Self.at(second + 5))
            clock.noteOutput(at: Self.at(second + 5))
        }
        #expect(clock.hasExpired(at: Self.at(21)))
        #expect(clock.expiry == .processBound(seconds: 20))
    }

    static let catalog = TestCatalog(
        ["M.C/testA", "M.C/testB", "M.C/testC"].map { TestIdentity(canonicalID: $0, framework: .xctest) })
    static let killed = ProcessExit(exitCode: nil, signal: 9, timedOut: true, wallSeconds: 14)

    /// A process killed at a time limit after A passed, with B running and C not started.
    static func analysis(killedBy limit: TimeLimitExpiry) -> InvocationAnalysis {
        var console = RunTranscript()
        console.record(.started(Self.xctest("C/testA")))
        console.record(.finished(Self.xctest("C/testA"), .passed, duration: 4))
        console.record(.started(Self.xctest("C/testB")))
        return InvocationAnalysis(
            testIDs: ["M.C/testA", "M.C/testB", "M.C/testC"], frameworks: [.xctest], exit: Self.killed,
            console: console, eventStream: nil, catalog: Self.catalog, timeLimit: limit)
    }

    /// A passed, B overran, C never started: B alone is timed out, C gets a fresh process.
    @Test func theTestThatOverranIsTimedOutAndTheRestRunAgain() {
        let analysis = Self.analysis(killedBy: .testsOverran([Self.xctest("C/testB")], limit: 10))
        #expect(analysis.results["M.C/testA"]?.outcome == .passed)
        #expect(analysis.results["M.C/testB"]?.outcome == .timedOut)
        #expect(
            analysis.results["M.C/testB"]?.failures.first?.message
                == "timed out: this test was still running 10 s after it started (--timeout), and its process was killed")
        #expect(analysis.results["M.C/testC"] == nil)
        #expect(analysis.retries == [["M.C/testC"]])
        #expect(analysis.suspects == nil)
    }

    /// A process bound that runs out blames nobody: the test in flight runs again alone, under its own limit.
    @Test func aProcessBoundBlamesNoTest() {
        let analysis = Self.analysis(killedBy: .processBound(seconds: 40))
        #expect(analysis.results["M.C/testA"]?.outcome == .passed)
        #expect(analysis.results["M.C/testB"] == nil)
        #expect(analysis.retries == [["M.C/testB"], ["M.C/testC"]])
        #expect(analysis.suspects == nil)
    }

    /// A hang between tests (a class `setUp`) is not the finished tests' fault: they keep their passes and
    /// the tests not started run again; alone, one that never starts is timed out.
    @Test func aSilentHangBetweenTestsLeavesTheFinishedOnesAlone() {
        var console = RunTranscript()
        console.record(.started(Self.xctest("C/testA")))
        console.record(.finished(Self.xctest("C/testA"), .passed, duration: 1))
        let between = InvocationAnalysis(
            testIDs: ["M.C/testA", "M.C/testB"], frameworks: [.xctest], exit: Self.killed, console: console,
            eventStream: nil, catalog: Self.catalog, timeLimit: .silentWithoutTest(seconds: 10))
        #expect(between.results["M.C/testA"]?.outcome == .passed)
        #expect(between.suspects == nil)
        #expect(between.retries == [["M.C/testB"]])
        let alone = InvocationAnalysis(
            testIDs: ["M.C/testB"], frameworks: [.xctest], exit: Self.killed, console: RunTranscript(),
            eventStream: nil, catalog: Self.catalog, timeLimit: .silentWithoutTest(seconds: 10))
        #expect(alone.results["M.C/testB"]?.outcome == .timedOut)
        #expect(alone.retries.isEmpty)
    }

    @Test func timingFailuresAreReadFromWhatTheyMeasured() {
        #expect(
            TimingFailure.check(
                in: "failed: The relative standard deviation of the measurements is 24.310% which is higher than "
                    + "the max allowed of 10.000%.") == .measureDeviation)
        #expect(TimingFailure.check(in: "Time average is 30% worse than the baseline (max allowed: 10%)") == .measureBaseline)
        #expect(
            TimingFailure.check(in: "XCTAssertLessThan failed: (\"0.18\") is not less than (\"0.1\") - elapsed time")
                == .elapsedTime)
        #expect(TimingFailure.check(in: "Expectation failed: (duration → 0.4 seconds) < .milliseconds(100)") == .elapsedTime)
        // A wait that gave up is not a measurement.
        #expect(TimingFailure.check(in: "Asynchronous wait failed: Exceeded timeout of 1 seconds") == nil)
        #expect(TimingFailure.check(in: "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")") == nil)
        #expect(TimingFailure.check(inAll: ["elapsed 0.2 s", "XCTAssertEqual failed"]) == nil)
        #expect(TimingFailure.check(inAll: ["elapsed 0.2 s", "elapsed 0.3 s"]) == .elapsedTime)
    }
}

/// A test declared with `func` on one line and its name on the next is found, and placed on its name's
/// line, where the compiler's index puts it (two of 558 tests of a public suite were read by name).
@Suite struct SplitDeclarationTests {
    static let text = """
        import XCTest
        final class SplitTests: XCTestCase {
            func
            testSplitAcrossLines() async {
                await Task.yield()
                XCTAssertTrue(true)
            }
            func testOneLine() {}
        }
        """

    @Test func aDeclarationSplitOverLinesIsFoundOnItsNamesLine() throws {
        let index = SourceIndex(files: ["Tests/SplitTests.swift": Self.text])
        let found = try #require(index.method("testSplitAcrossLines", inClass: "SplitTests"))
        #expect(found.function.contains("await Task.yield()"))
        #expect(index.functionLine(of: found.function, in: "Tests/SplitTests.swift") == 4)
        let oneLine = try #require(index.method("testOneLine", inClass: "SplitTests"))
        #expect(index.functionLine(of: oneLine.function, in: "Tests/SplitTests.swift") == 8)
        #expect(index.method("Lines", inClass: "SplitTests") == nil)
    }
}

/// The index note says how many hints the index read and how many were read by name, never that the
/// build left no index when it read most of them.
@Suite struct HintReadingNoteTests {
    @Test func theNoteCountsWhatTheIndexRead() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testA"), RunHarnessTests.xctest("M.C/testB"), RunHarnessTests.xctest("M.C/testC"),
        ])
        var report = try #require(try RunHarnessTests.session(package, ["run", "--runs", "1"]).report)
        for index in report.tests.indices { report.tests[index].hintReadBy = index == 0 ? .name : .index }
        let partly = ConfigurationNote.hintsReadByName.sentence(in: report)
        #expect(partly.hasPrefix("the hints of 1 of 3 tests were read by name (2 through the compiler's index)"))
        #expect(!partly.contains("no compiler index"))
        for index in report.tests.indices { report.tests[index].hintReadBy = .name }
        #expect(ConfigurationNote.hintsReadByName.sentence(in: report).contains("this build left no compiler index"))
    }
}
