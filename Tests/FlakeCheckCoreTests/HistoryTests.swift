import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `flakecheck history`: JUnit XML as real tools write it, a corpus whose every number is known before the
/// run, and flakecheck's own reports as input.
@Suite struct HistoryTests {
    @Test func swiftPMsXCTestAndSwiftTestingJUnitAreRead() throws {
        let xctest = JUnitScanner.scan([UInt8](try Fixture.data("junit/swiftpm-6.3-xctest-parallel.xml")))
        #expect(xctest.testCases.count == 12)
        #expect(
            xctest.testCases.filter { $0.outcome == .failed }.map(\.id).sorted() == [
                "XCFeatures.PlainXCTests/testEveryFourthRunFails", "XCFeatures.PlainXCTests/testFails",
                "XCFeatures.PlainXCTests/testMultilineMessage", "XCFeatures.SetUpFailsXCTests/testAfterFailingSetUp",
                "XCFeatures.TwinB/testSame",
            ])
        let testing = JUnitScanner.scan([UInt8](try Fixture.data("junit/swiftpm-6.3-swift-testing.xml")))
        #expect(testing.testCases.count == 28, "28 <testcase> elements, though its <testsuite> says tests=\"26\"")
        #expect(
            testing.testCases.filter { $0.outcome == .skipped }.map(\.id) == [
                "STFeatures.Traits/notEnabled()", "STFeatures.Traits/disabled()",
            ])
        #expect(
            testing.testCases.first { $0.id == "STFeatures.Params/isSmall(_:)" }?.message
                == "Expectation failed: (value → 3) < 3 (error)")
    }

    @Test func hostileJUnitIsReadForWhatItSays() {
        let xml = """
            <?xml version="1.0"?>
            <!-- <testcase name="commented"/> -->
            <testsuites><properties><property name='commit' value='a1b2c3'/></properties>
            <testsuite name="S">
              <testcase classname="M.C" name="testCData"><failure message="x &amp; y &#x2192;"><![CDATA[ </testcase> <testcase name="fake"/> ]]></failure></testcase>
              <testcase classname="M.C" name="testPass" time="0.1"/>
              <testcase classname='M.C' name='testError'><error type="crash"/></testcase>
              <testcase classname="M.C" name="testRetried"><flakyFailure message="first try"/><flakyFailure message="second"/></testcase>
              <testcase classname="M.C" name="testBroken"><failure message="no"/><rerunFailure message="no again"/></testcase>
              <testcase classname="M.C" name="testSkip"><skipped message="later"/></testcase>
            </testsuite></testsuites>
            """
        let file = JUnitScanner.scan(Array(xml.utf8))
        #expect(file.commit == "a1b2c3")
        #expect(
            file.testCases.map(\.id) == [
                "M.C/testCData", "M.C/testPass", "M.C/testError", "M.C/testRetried", "M.C/testBroken", "M.C/testSkip",
            ])
        #expect(file.testCases.map(\.outcome) == [.failed, .passed, .failed, .passed, .failed, .skipped])
        #expect(file.testCases[0].message == "x & y →")
        #expect(file.testCases.map(\.failedAttempts) == [0, 0, 0, 2, 1, 0])
    }

    /// A test whose JUnit says it failed and passed on a rerun (`<flakyFailure>`) is flaky in every format
    /// and fails a 100% gate; IDs are the ones `run` prints (a top-level Swift Testing function joins its
    /// module with a dot), and a Quick name ending in `(1)` is no Swift Testing test.
    @Test func aRerunPassIsFlakyInEveryFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flakecheck-history-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let junit = """
            <testsuites><testsuite name="S">
              <testcase classname="M.C" name="testRetried"><flakyFailure message="first try"/></testcase>
              <testcase classname="AdopterTests" name="yieldRace()"/>
              <testcase classname="AdopterTests.Cart" name="adds(_:to:)"/>
              <testcase classname="Quick.QuickSpec" name="has a focused example that passes (1)"/>
            </testsuite></testsuites>
            """
        for run in 1...2 { try junit.write(toFile: "\(folder)/run-\(run).xml", atomically: true, encoding: .utf8) }
        let out = CapturedOutput()
        let context = CommandContext(stdout: out, stderr: CapturedOutput(), environment: [:], currentDirectory: folder)
        let code = FlakeCheckCommand.main(
            ["history", "run-1.xml", "run-2.xml", "--output", "out", "--format", "json,markdown,html"],
            context: context)
        #expect(code == ExitCode.gateFailed)
        let report = try JSONReportFormat.decode(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/out/report.json")), path: "report.json")
        let byID = Dictionary(uniqueKeysWithValues: report.tests.map { ($0.id, $0) })
        #expect(byID["M.C/testRetried"]?.verdict == .flaky)
        #expect(report.summary.flaky == 1)
        #expect(byID["AdopterTests.yieldRace()"]?.framework == .swiftTesting)
        #expect(byID["AdopterTests.Cart/adds(_:to:)"]?.framework == .swiftTesting)
        #expect(byID["Quick.QuickSpec/has a focused example that passes (1)"]?.framework == .xctest)
        #expect(report.gate.failures == [.passedOnlyOnRerun(test: "M.C/testRetried", strategy: nil, runs: 2)])
        #expect(out.text.contains("passed on a CI rerun after failing, in 2 runs"))
        #expect(out.text.contains("1 flaky"))
        let markdown = try String(contentsOfFile: folder + "/out/report.md", encoding: .utf8)
        #expect(markdown.contains("M.C/testRetried") && markdown.contains("passed on a CI rerun after failing"))
        let html = try String(contentsOfFile: folder + "/out/report.html", encoding: .utf8)
        #expect(html.contains("passed on a CI rerun after failing"))
    }

    /// A scanner reading many files decodes each test's names once and gives it one number in all of them;
    /// the number follows the raw `classname` and `name`, so an entity-encoded name is still one test.
    @Test func aTestKeepsItsNumberAcrossTheFilesOneScannerReads() throws {
        var scanner = JUnitScanner()
        let first = scanner.read(
            Array(
                """
                <testsuite><testcase classname="M.C" name="testA"/><testcase classname="M.C" name="testB"/>
                <testcase classname="M.D" name="testA"/><testcase name="free()"/><testcase classname="M.C" name="x &amp; y"/></testsuite>
                """.utf8))
        let second = scanner.read(
            Array(
                """
                <testsuite><testcase classname="M.C" name="x &amp; y"><failure/></testcase><testcase name="free()"/>
                <testcase name="testA" classname="M.C"/><testcase classname="M.E" name="testA"/></testsuite>
                """.utf8))
        #expect(first.testCases.map(\.id) == ["M.C/testA", "M.C/testB", "M.D/testA", "free()", "M.C/x & y"])
        #expect(first.testCases.map(\.number) == [0, 1, 2, 3, 4])
        #expect(second.testCases.map(\.id) == ["M.C/x & y", "free()", "M.C/testA", "M.E/testA"])
        #expect(second.testCases.map(\.number) == [4, 3, 0, 5])
        #expect(
            second.testCases[0].outcome == .failed && second.testCases[0].suite == "M.C"
                && second.testCases[0].name == "x & y")
    }

    /// Results found by a reader's test numbers make the same summaries as results found by identity.
    @Test func resultsRecordedByNumberSumUpAsByIdentity() {
        var byIdentity = HistoryAnalysis()
        var byNumber = HistoryAnalysis()
        let identities = (0..<3).map {
            TestIdentity(id: "M.C/test\($0)", framework: .xctest, suite: "M.C", name: "test\($0)")
        }
        for run in 0..<8 {
            let results = identities.enumerated().map { index, identity in
                (
                    identity: identity, result: TestResult(outcome: (run + index) % 3 == 0 ? .failed : .passed),
                    failedAttempts: run == 5 ? 1 : 0
                )
            }
            byIdentity.addRun(results, commit: "c\(run / 2)", file: "run-\(run).xml")
            byNumber.beginRun(commit: "c\(run / 2)", file: "run-\(run).xml")
            // Numbered in another order than the IDs sort in, as a scanner numbers in file order.
            for (index, entry) in results.enumerated().reversed() {
                byNumber.record(entry.result, failedAttempts: entry.failedAttempts, number: 2 - index) {
                    entry.identity
                }
            }
        }
        #expect(
            TestSummary.summaries(byNumber.facts(), confidence: 0.95, targetFailureRate: 0.01)
                == TestSummary.summaries(byIdentity.facts(), confidence: 0.95, targetFailureRate: 0.01))
    }

    /// 40 runs over 10 commits (4 runs each), written as JUnit files named after their commit:
    /// `Steady` always passes; `Racy` fails on runs 5, 10, … (so on commits 1, 2, 4, 5, 7, 9 together with
    /// passes, and alone on none); `Regressed` passes until run 30 and fails from run 31 (commit 7) on;
    /// `Retried` passes, after a CI rerun, in runs 3 and 17.
    static func corpus() throws -> (folder: String, files: [String]) {
        let folder = NSTemporaryDirectory() + "fc-history-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var files: [String] = []
        for run in 1...40 {
            let commit = String(format: "c%02d", (run - 1) / 4)
            func testCase(_ name: String, failed: Bool, retried: Bool = false) -> String {
                "<testcase classname=\"App.T\" name=\"\(name)\">"
                    + (failed ? "<failure message=\"\(name) failed in run \(run)\"/>" : "")
                    + (retried ? "<flakyFailure message=\"first attempt\"/>" : "") + "</testcase>\n"
            }
            let xml =
                "<testsuites><testsuite name=\"App\">\n" + testCase("testSteady", failed: false)
                + testCase("testRacy", failed: run % 5 == 0) + testCase("testRegressed", failed: run > 30)
                + testCase("testRetried", failed: false, retried: run == 3 || run == 17) + "</testsuite></testsuites>\n"
            let file = folder + String(format: "/run-%03d-%@.xml", run, commit)
            try xml.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        return (folder, files)
    }

    @Test func aGeneratedHistoryGivesTheRatesVerdictsAndFindingsItWasWrittenWith() throws {
        let (folder, files) = try Self.corpus()
        let out = CapturedOutput()
        let context = CommandContext(stdout: out, stderr: CapturedOutput(), environment: [:], currentDirectory: folder)
        let code = FlakeCheckCommand.main(
            ["history"] + files + [
                "--commit-from", "run-[0-9]+-(c[0-9]+)\\.xml", "--output",
                folder + "/out", "--format", "json,markdown",
            ], context: context)
        #expect(code == ExitCode.gateFailed)
        let report = try JSONReportFormat.decode(
            try #require(FileManager.default.contents(atPath: folder + "/out/report.json")),
            path: "report.json")
        func test(_ name: String) -> TestSummary? { report.tests.first { $0.id == "App.T/\(name)" } }
        #expect(report.configuration.runs == 40)
        #expect(test("testSteady")?.verdict == .stable && test("testSteady")?.passed == 40)
        #expect(test("testSteady")?.historyFinding == nil)
        let racy = try #require(test("testRacy"))
        #expect(racy.passed == 32 && racy.failed == 8 && racy.verdict == .flaky)
        // Runs 5, 10, …, 40 are on commits c01, c02, c03, c04 (run 20, the 4th of c04), c06, c07, c08, c09;
        // runs 20 and 40 are the last of their commits' four, which had passes too.
        #expect(racy.historyFinding?.flipCommits == ["c01", "c02", "c03", "c04", "c06", "c07", "c08", "c09"])
        #expect(racy.historyFinding?.failingSinceRun == nil, "its last run failed, but one failure is no streak")
        let regressed = try #require(test("testRegressed"))
        #expect(regressed.passed == 30 && regressed.failed == 10)
        #expect(regressed.historyFinding?.failingSinceRun == 31)
        #expect(regressed.historyFinding?.failingSinceCommit == "c07")
        #expect(regressed.historyFinding?.flipCommits == ["c07"], "run 29 and 30 passed on c07, runs 31 and 32 failed")
        let retried = try #require(test("testRetried"))
        // Every run ended in a pass, but two only on a rerun after failing: flaky, not stable.
        #expect(retried.verdict == .flaky && retried.historyFinding?.passedAfterRerun == 2)
        #expect(retried.historyFinding?.flipCommits == ["c00", "c04"])
        let markdown = try String(contentsOfFile: folder + "/out/report.md", encoding: .utf8)
        #expect(markdown.contains("failing since run 31"))
        #expect(
            out.text.contains(
                "history: passed and failed on the same commit: 8 commits (c01, c02, c03, c04, c06, c07, c08, c09)"))
    }

    @Test func flakecheckReportsAreRunsToo() throws {
        let (folder, files) = try Self.corpus()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:], currentDirectory: folder)
        _ = FlakeCheckCommand.main(
            ["history"] + files.prefix(10) + ["--output", folder + "/first", "--quiet"], context: context)
        _ = FlakeCheckCommand.main(
            ["history", folder + "/first/report.json"] + files.dropFirst(10)
                + ["--output", folder + "/all", "--quiet"], context: context)
        let report = try JSONReportFormat.decode(
            try #require(FileManager.default.contents(atPath: folder + "/all/report.json")),
            path: "report.json")
        #expect(report.configuration.runs == 40)
        #expect(report.tests.first { $0.id == "App.T/testRacy" }?.failed == 8)
    }

    @Test func aFileWithNoTestCaseIsAnError() throws {
        let folder = NSTemporaryDirectory() + "fc-history-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "<testsuites/>".write(toFile: folder + "/empty.xml", atomically: true, encoding: .utf8)
        let err = CapturedOutput()
        let context = CommandContext(stdout: CapturedOutput(), stderr: err, environment: [:], currentDirectory: folder)
        #expect(
            FlakeCheckCommand.main(["history", "empty.xml", "--output", folder + "/out"], context: context)
                == ExitCode.nothingMeasured)
        #expect(err.text.contains("it holds no test case"))
    }
}
