import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// What the terminal shows: a table that fits, aligned with colour on, counts that agree
/// with their nouns, and a plain progress line where there is no terminal.
@Suite struct TerminalTests {
    static func report(runs: Int = 2) throws -> FlakeReport {
        let output = NSTemporaryDirectory() + "fc-terminal-\(UUID())"
        let log = Fixture.folder.path + "/linux-6.3.1-xctest.txt"
        _ = CommandLineTests.run(["parse"] + Array(repeating: log, count: runs) + ["--output", output, "--quiet"])
        return try JSONReportFormat.load(output + "/report.json", shownPath: "report.json")
    }

    @Test func tableFitsEightyColumnsAndCutsNamesInTheMiddle() throws {
        var report = try Self.report()
        report.tests[0].id = "VeryLongModuleNameTests.SomeRatherLongSuiteName/testSomethingThatTakesAWhileToSay"
        let text = TerminalReport(useColor: false, width: 80).render(report)
        let tableLines = text.split(separator: "\n").prefix(report.tests.count + 2)
        #expect(tableLines.allSatisfy { $0.count <= 80 }, "\(tableLines.map(\.count))")
        // The module and suite are cut, never the test's own name; the median and interval columns go first.
        #expect(text.contains("VeryLong") && text.contains("…/testSomethingThatTakesAWhileToSay"), "\(text)")
        #expect(
            TerminalTable.truncatingMiddle("FeedTests.FeedTests/testRefreshRecordsEvent()", to: 30)
                == "Fee…/testRefreshRecordsEvent()")
        let wide = TerminalReport(useColor: false, width: nil).render(report)
        #expect(wide.contains("VeryLongModuleNameTests.SomeRatherLongSuiteName/testSomethingThatTakesAWhileToSay"))
    }

    @Test func colourCodesDoNotShiftTheColumns() throws {
        let report = try Self.report()
        let plain = TerminalReport(useColor: false).render(report).split(separator: "\n").prefix(4)
        let coloured = TerminalReport(useColor: true).render(report).split(separator: "\n").prefix(4)
            .map { ANSIEscapes.strip(String($0)) }
        #expect(Array(plain.map(String.init)) == coloured)
    }

    @Test func countsAgreeWithTheirNouns() throws {
        let text = TerminalReport(useColor: false).render(try Self.report(runs: 1))
        #expect(text.contains("(1 run from 1 saved log)"), "\(text)")
        #expect(Formatting.count(1, "test") == "1 test" && Formatting.count(2, "test") == "2 tests")
        #expect(Formatting.count(3, "strategy", "strategies") == "3 strategies")
        #expect(
            ConfidenceStatement(provingFrom: 0, counted: 1, confidence: 0.95, target: 0.01)
                .sentence(passed: 0, counted: 1, confidence: 0.95).hasPrefix("failed 1 of 1 run:"))
    }

    @Test func stopReasonsArePrinted() throws {
        var report = try Self.report()
        report.tests[0].stopDecision = .failing(runs: 2)
        #expect(
            TerminalReport(useColor: false).render(report).contains(
                "stopped: \(report.tests[0].id): failing: never passed in 2 runs"))
    }

    @Test func plainProgressLinesWhereThereIsNoTerminal() {
        let output = CapturedOutput()
        let progress = ProgressLine(output: output, total: 3, plain: true, interval: 0)
        progress.update(done: 1, flaky: 0)
        progress.update(done: 3, flaky: 1)
        progress.finish()
        #expect(!output.text.contains("\r") && !output.text.contains("\u{1B}"))
        #expect(output.text.split(separator: "\n").count == 2)
        #expect(output.text.contains("3/3 runs · 1 flaky so far"))
        let quiet = CapturedOutput()
        let slow = ProgressLine(output: quiet, total: 3, plain: true)
        slow.update(done: 1, flaky: 0)
        #expect(quiet.text.isEmpty, "nothing before the first 10 s")
    }

    /// Under --budget the run cap (a million) is a bound, not a plan: the line shows the runs done and the
    /// budget's time left.
    @Test func aBudgetsProgressShowsItsTimeNotTheRunCap() {
        let output = CapturedOutput()
        let progress = ProgressLine(output: output, total: 1_000_000, budget: 60, plain: true, interval: 0)
        progress.update(done: 84, flaky: 1)
        #expect(output.text.contains("84 runs · 1 flaky so far · "))
        #expect(output.text.contains("of the 1:00 budget left"))
        #expect(!output.text.contains("1000000"))
    }
}

/// `compare` and `demo` lead with what they are for: the strategy table, printed last where it is seen,
/// fitting an 80-column terminal; the per-test table is in the report files, or printed on request.
@Suite struct ComparisonOutputTests {
    static func compare(_ extra: [String], columns: Int?) throws -> String {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.NaiveTests/testRaceWithAVeryLongNameIndeed", .failsEvery(2)),
            RunHarnessTests.xctest("M.GatedTests/testGatedWithAVeryLongNameIndeed"),
        ])
        let out = CapturedOutput()
        var context = CommandContext(
            stdout: out, stderr: CapturedOutput(), environment: [:], currentDirectory: package.folder,
            launcher: package.launcher)
        context.terminalColumns = columns
        _ = FlakeCheckCommand.main(
            [
                "compare", "--strategy", "naive-yield-gated-strategy=Naive", "--strategy",
                "continuation-gated-strategy=Gated", "--runs", "4", "--package-path", package.folder,
                "--output", package.folder + "/out", "--quiet",
            ] + extra, context: context)
        return out.text
    }

    @Test func theStrategyTableComesLastAndFitsEightyColumns() throws {
        let text = try Self.compare([], columns: 80)
        let table = try #require(text.range(of: "Strategies (a run passes"))
        #expect(!text[table.upperBound...].contains("Gate failed"), "gate lines come before the table")
        #expect(text.contains("Gate failed"))
        #expect(!text.contains("M.GatedTests/testGatedWithAVeryLongNameIndeed  "), "no per-test table by default")
        #expect(text.contains("--show-tests"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")
    }

    @Test func showTestsPrintsThePerTestTableToo() throws {
        let text = try Self.compare(["--show-tests"], columns: nil)
        #expect(text.contains("M.GatedTests/testGatedWithAVeryLongNameIndeed"))
        #expect(text.contains("Strategies (a run passes"))
    }
}

/// The HTML page puts the tests that need attention first and says why without a click.
@Suite struct HTMLOrderTests {
    @Test func testsAreWorstFirstWithTheirFirstFailureVisible() throws {
        let report = try TerminalTests.report(runs: 4)
        let html = HTMLReport().render(report)
        let verdicts = html.components(separatedBy: "data-verdict=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        let ranks = verdicts.map { HTMLReport.severity(Verdict(rawValue: String($0))!) }
        #expect(ranks == ranks.sorted(), "\(verdicts)")
        #expect(verdicts.first == "failing")
        // The failing test's first failure is inside its <summary>, which shows without opening it.
        let summaries = html.components(separatedBy: "<tbody").dropFirst()
            .map { $0.components(separatedBy: "<summary>")[1].components(separatedBy: "</summary>")[0] }
        #expect(summaries.first?.contains("class=\"why\"") == true)
        #expect(summaries.first?.contains("XCTAssert") == true, "\(summaries.first ?? "")")
    }
}

/// Each command's help speaks of what that command does.
@Suite struct CommandHelpTests {
    /// `merge` builds nothing and runs no test: its exit codes say what can go wrong in a merge.
    @Test func mergeListsItsOwnExitCauses() {
        let help = CommandLineTests.run(["merge", "--help"]).1.split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
        #expect(help.contains("a shard missing or repeated"), "\(help)")
        #expect(!help.contains("build failed") && !help.contains("no test matched"))
    }

    /// `report` takes --no-step-summary like the other commands (it never writes one).
    @Test func reportAcceptsNoStepSummary() {
        let (code, _, err) = CommandLineTests.run(["report", "/nonexistent/report.json", "--no-step-summary"])
        #expect(!err.contains("unknown option"), "\(err)")
        #expect(code == ExitCode.nothingMeasured)
    }
}

/// A pull request's report says what it ran: the ref its tests were chosen by and the budget, never the
/// budget's run cap of a million as if it were planned.
@Suite struct PullRequestHeaderTests {
    @Test func headersNameTheRefAndTheBudget() {
        var report = HostileReport.make()
        report.configuration.changedSince = "origin/main"
        report.configuration.budgetSeconds = 300
        report.configuration.maxRuns = 1_000_000
        let markdown = MarkdownReport().render(report)
        #expect(markdown.contains("runs within a 5:00 budget"))
        #expect(markdown.contains("The tests the change since `origin/main` touches"))
        #expect(!markdown.contains("1000000"))
        let html = HTMLReport().render(report)
        #expect(html.contains("within a 5:00 budget (--budget)"))
        #expect(html.contains("those the change since origin/<wbr>main touches"))
        #expect(!html.contains("up to 1000000"))
    }
}

/// A test's stop sentence agrees with its row: a run in flight when its runs stopped still counts.
@Suite struct StopSentenceAgreementTests {
    @Test func aFlakyStopCountsTheRunThatFinishedAfterIt() {
        var facts = BaselineTests.facts("M.C/testA", passed: 2, of: 3)
        facts.stopDecision = .flaky(passed: 1, failed: 1)
        let summary = TestSummary(facts: facts, confidence: 0.95)
        #expect(summary.stopDecision == .flaky(passed: 2, failed: 1))
        #expect(summary.stopReason == "flaky: passed 2 and failed 1 of 3 runs")
    }
}
