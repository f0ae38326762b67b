import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// A fixed report with one test of each verdict and hostile names and messages, shared by the HTML and
/// JUnit report tests.
enum HostileReport {
    static let scriptName = "<script>alert(1)</script>"
    static let hostileSuite = "Mod.Suite\"&'<b>"

    static func test(
        id: String, suite: String, name: String, history: String, failures: [TestSummary.FailureSummary] = [],
        durations: [Double] = [], hint: String? = nil, strategy: String? = nil
    ) -> TestSummary {
        let count = { (symbol: Character) in history.filter { $0 == symbol }.count }
        let passed = count("P"), failed = count("F"), crashed = count("C"), timedOut = count("T")
        let skipped = count("S"), counted = passed + failed + crashed + timedOut
        return TestSummary(
            id: id, framework: .swiftTesting, suite: suite, name: name, displayName: nil,
            sourceLocation: "/src/\(suite).swift:12", strategy: strategy, runs: counted + skipped,
            passed: passed, failed: failed, skipped: skipped, crashed: crashed, timedOut: timedOut, notRun: count("-"),
            passRate: counted > 0 ? Double(passed) / Double(counted) : nil,
            passRateInterval: .wilson(successes: passed, trials: counted),
            verdict: Verdict(passed: passed, counted: counted, skipped: skipped),
            durations: DurationStatistics(samples: durations), failures: failures, history: history,
            durationSamples: durations, hint: hint)
    }

    static func failure(_ message: String, runs: [Int], location: String? = "/src/F.swift:3")
        -> TestSummary.FailureSummary
    {
        .init(message: message, location: location, count: runs.count, runIndices: runs)
    }

    static func make(strategy: String? = nil) -> FlakeReport {
        let tests = [
            test(
                id: "Mod.Suite/stable()", suite: hostileSuite, name: "stable() & 'friends'", history: "PPPPPPPP",
                durations: [0.010, 0.012, 0.012, 0.013, 0.010, 0.020, 0.011, 0.012], strategy: strategy),
            test(
                id: "Mod.Evil/\(scriptName)", suite: "Mod.Evil", name: scriptName, history: "PFPCFFPF",
                failures: [
                    failure("expected <b>bold</b> & \"quoted\" ]]> \u{01}bell\u{7F}", runs: [1]),
                    failure("second line ' quote\nline two </pre><script>alert(2)</script>", runs: [4]),
                    failure("javascript:alert(3) \u{FFFE} nonchar", runs: [5]),
                    failure("plain failure", runs: [7]),
                    failure("no location", runs: [7], location: nil),
                ],
                durations: [0.1, 0.2, 0.15, 0.3, 0.12, 0.11, 0.5], hint: "Task.sleep <race>", strategy: strategy),
            test(
                id: "Mod.Suite/failing()", suite: "Mod.Suite", name: "failing()", history: "FFFF",
                failures: [failure("replacement \u{FFFD} and ]]> and \u{0}nul\u{1B}[31mred", runs: [0, 1, 2, 3])],
                durations: [1.5, 1.6, 1.4, 1.5], strategy: strategy),
            test(id: "Mod.Suite/skipped()", suite: "Mod.Suite", name: "skipped()", history: "SSSS", strategy: strategy),
            test(
                id: "Mod.Suite/neverRan()", suite: "Mod.Suite", name: "neverRan()", history: "----", strategy: strategy),
        ]
        var runs = (0..<8).map { index in
            RunRecord(
                index: index, strategy: strategy, processes: [],
                logPath: [1, 3, 4, 5, 6, 7].contains(index) ? String(format: "logs/run-%05d.log", index + 1) : nil)
        }
        runs[0].logPath = "javascript:alert(4)"
        let strategies = strategy.map { name in
            [
                StrategySummary(
                    name: name, filter: "Mod\\.Evil", testIDs: tests.map(\.id), runs: 8, passed: 3, failed: 5,
                    skipped: 0,
                    passRate: 3.0 / 8, passRateInterval: .wilson(successes: 3, trials: 8),
                    durations: DurationStatistics(samples: [0.1, 0.2]),
                    verdict: .flaky, hints: ["use a <lock>"]),
                StrategySummary(
                    name: "fixed", filter: "Fixed", testIDs: [], runs: 8, passed: 8, failed: 0, skipped: 0,
                    passRate: 1, passRateInterval: .wilson(successes: 8, trials: 8), durations: nil,
                    verdict: .stable, hints: []),
            ]
        }
        return FlakeReport(
            schemaVersion: FlakeReport.currentSchemaVersion,
            tool: .init(name: "flakecheck", version: "0.0-test"),
            command: strategy == nil ? "run" : "compare",
            configuration: .init(
                packagePath: "/tmp/Pkg<&>", filters: ["Mod\\.Suite", "\"quoted\""], skips: [], runs: 8, workers: 2,
                mode: "process", timeoutSeconds: 300, buildConfiguration: "debug", minPassRate: 1, confidence: 0.95,
                toolchain: nil, inputFiles: nil),
            startedAt: "2025-01-02T03:04:05Z", finishedAt: "2025-01-02T03:05:06Z", wallSeconds: 61,
            interrupted: false, runs: runs, tests: tests, summary: .init(tests: tests),
            gate: .init(tests: tests, minPassRate: 1), strategies: strategies)
    }
}

@Suite struct HTMLReportTests {
    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func testDataIsEscaped() {
        let html = HTMLReport().render(HostileReport.make())
        // The page's own script is the only one; nothing from test data becomes a tag.
        #expect(occurrences(of: "<script", in: html) == 1)
        #expect(!html.contains("alert(1)</script>"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("</pre><script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Mod.Suite&quot;&amp;&#39;&lt;b&gt;"))
        #expect(html.contains("stable() &amp; &#39;friends&#39;"))
        #expect(html.contains("]]&gt;"))
        #expect(html.contains("\u{FFFD}"))
        for removed in ["\u{0}", "\u{01}", "\u{1B}", "\u{7F}", "\u{FFFE}"] {
            #expect(!html.contains(removed), "control character \(removed.unicodeScalars.first!.value) was kept")
        }
    }

    /// `--perturb`: a flaky test's failure rate per condition, worst first, the ones above its overall
    /// rate in bold (and condition names escaped like everything else).
    @Test func conditionRatesAreListedWorstFirst() throws {
        var report = HostileReport.make()
        let index = try #require(report.tests.firstIndex { $0.verdict == .flaky })
        report.tests[index].conditionRates = [
            ConditionRate(condition: "cpus 1", passed: 2, counted: 4),
            ConditionRate(condition: "cpus 2", passed: 4, counted: 4),
            ConditionRate(condition: "slow <tasks>", passed: 2, counted: 6),
            ConditionRate(condition: "no delays", passed: 5, counted: 5),
            // The highest rate, but on one run: below 4 failures in 6 once its uncertainty counts.
            ConditionRate(condition: "width 2", passed: 0, counted: 1),
        ]
        let html = HTMLReport().render(report)
        #expect(html.contains("Failure rate by condition (overall 25.0%)"))
        let slow = try #require(html.range(of: "<strong>slow &lt;tasks&gt; 66.7% (4 of 6 runs)</strong>"))
        let cpus1 = try #require(html.range(of: "<strong>cpus 1 50.0% (2 of 4 runs)</strong>"))
        let calm = try #require(html.range(of: "<span>cpus 2 0% (0 of 4 runs)</span>"))
        let lucky = try #require(html.range(of: "<strong>width 2 100% (1 of 1 run)</strong>"))
        #expect(
            slow.lowerBound < lucky.lowerBound && lucky.lowerBound < cpus1.lowerBound
                && cpus1.lowerBound < calm.lowerBound)
    }

    @Test func selfContainedWithoutNetworkReferences() {
        for report in [HostileReport.make(), HostileReport.make(strategy: "naive <yield>")] {
            let html = HTMLReport().render(report)
            #expect(!html.contains("http://"))
            #expect(!html.contains("https://"))
            #expect(!html.contains("src="))
            #expect(!html.contains("<link"))
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains("prefers-color-scheme:dark"))
            #expect(html.contains("data-js"))
        }
    }

    @Test func linksKeptLogsOfFailingRunsOnly() {
        let html = HTMLReport().render(HostileReport.make())
        #expect(html.contains("href=\"logs/run-00002.log\""))
        #expect(html.contains("href=\"logs/run-00008.log\""))
        // The log of run 1 has a hostile path: it must stay a relative link, never a javascript: URL.
        #expect(!html.contains("href=\"javascript:"))
        #expect(html.contains("href=\"javascript%3Aalert%284%29\""))
        // Every test that reached run 7 passed it, so its (made-up) log is never linked.
        #expect(!html.contains("href=\"logs/run-00007.log\""))
    }

    @Test func verdictsCountsAndCharts() {
        let html = HTMLReport().render(HostileReport.make())
        #expect(occurrences(of: "<tbody class=\"t\"", in: html) == 5)
        for verdict in Verdict.allCases {
            #expect(html.contains("data-verdict=\"\(verdict.rawValue)\""))
        }
        #expect(occurrences(of: "<details>", in: html) == 5)
        #expect(occurrences(of: "class=\"histogram\"", in: html) == 3)
        #expect(html.contains("<rect class=\"o-c\""))
        #expect(html.contains("<rect class=\"o-n\""))
        #expect(html.contains("Task.sleep &lt;race&gt;"))
        #expect(!html.contains("class=\"chart"))
    }

    @Test func compareReportShowsStrategies() {
        let html = HTMLReport().render(HostileReport.make(strategy: "naive <yield>"))
        #expect(html.contains("class=\"chart wide\"") && html.contains("class=\"chart narrow\""))
        #expect(html.contains("naive &lt;yield&gt;"))
        #expect(!html.contains("naive <yield>"))
        #expect(html.contains("use a &lt;lock&gt;"))
        // Logs are matched by strategy as well as run index.
        #expect(html.contains("href=\"logs/run-00002.log\""))
        var other = HostileReport.make(strategy: "naive <yield>")
        for index in other.runs.indices { other.runs[index].strategy = "fixed" }
        #expect(!HTMLReport().render(other).contains("href=\"logs/run-00002.log\""))
    }

    @Test func outputIsDeterministic() {
        let report = HostileReport.make(strategy: "s")
        #expect(HTMLReport().render(report) == HTMLReport().render(report))
        #expect(HTMLReport().render(HostileReport.make()) == HTMLReport().render(HostileReport.make()))
    }

    @Test func emptyReportRenders() {
        var report = HostileReport.make()
        report.tests = []
        report.summary = .init(tests: [])
        let html = HTMLReport().render(report)
        #expect(html.contains("No tests were selected."))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test func formatsParseAndWrite() throws {
        let formats = try ReportFormat.parseList("html, junit")
        #expect(formats == [.json, .html, .junit])
        #expect(ReportFormat.html.fileName == "report.html")
        #expect(ReportFormat.junit.fileName == "report.junit.xml")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flakecheck-html-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = OutputFolder(path: folder)
        try output.prepare()
        let written = try ReportWriter(folder: output).write(HostileReport.make(), formats: [.html, .junit])
        #expect(written.map { URL(fileURLWithPath: $0).lastPathComponent } == ["report.html", "report.junit.xml"])
        #expect(FileManager.default.contents(atPath: "\(folder)/report.html")?.isEmpty == false)
    }
}

/// Issue #13's report fixes, checked on the markup (and by eye in Chromium at 1,400 and 500 px).
@Suite struct HTMLReadabilityTests {
    @Test func wideDurationSpreadUsesALogAxisWithCounts() {
        let report = HostileReport.make()
        let quick = DurationStatistics(samples: [0.001, 0.002, 0.002, 0.003, 2.5])!
        let svg = HTMLReport().histogram([0.001, 0.002, 0.002, 0.003, 2.5], statistics: quick)
        #expect(svg.contains("log scale"))
        #expect(svg.contains(">3</text>") || svg.contains(">4</text>"), "the count axis shows the tallest bar")
        let narrow = DurationStatistics(samples: [0.1, 0.2, 0.15])!
        #expect(!HTMLReport().histogram([0.1, 0.2, 0.15], statistics: narrow).contains("log scale"))
        _ = report
    }

    @Test func namesBreakAtDotsAndSlashesOnly() {
        #expect(Markup.breakable("Mod.Suite/test(x:)") == "Mod.<wbr>Suite/<wbr>test<wbr>(x:)")
        let html = HTMLReport().render(HostileReport.make())
        #expect(html.contains("Mod.<wbr>Suite"))
        #expect(!html.contains("overflow-wrap:anywhere;min-width:12rem"))
    }

    /// The "not run" card counts the tests whose rows say "+N not run", and its filter shows those rows.
    @Test func notRunCardCountsWhatTheRowsCount() {
        var report = HostileReport.make()
        report.tests[0].notRun = 2
        let html = HTMLReport().render(report)
        let missed = report.tests.filter { $0.notRun > 0 }.count
        #expect(missed == 2)
        #expect(html.contains("<strong>\(missed)</strong> not run"))
        #expect(html.components(separatedBy: "data-missed=\"1\"").count - 1 == missed)
    }

    @Test func strategyLabelsAreNeverCut() {
        let long = "a-strategy-name-much-longer-than-twenty-four-characters"
        let html = HTMLReport().render(HostileReport.make(strategy: long))
        #expect(html.contains(">\(long)</text>"))
        #expect(!html.contains("…</text>"))
    }
}
