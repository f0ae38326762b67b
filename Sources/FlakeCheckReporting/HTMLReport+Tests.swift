import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// The test table of `report.html`: one `<tbody>` per test with the data attributes the page script
/// sorts and filters on, and the expandable details (outcome counts, hint, durations, grouped failures
/// and links to kept logs). Kept apart from the page skeleton because it is the largest part of the
/// renderer and changes independently of the header and charts.
extension HTMLReport {
    func testsSection(_ report: FlakeReport, context: Context) -> String {
        var html = "<section class=\"tests-section\">\n<h2>Tests</h2>\n"
        guard !report.tests.isEmpty else { return html + "<p>No tests were selected.</p>\n</section>\n" }
        html += """
            <div class="controls">
            <label>Verdict <select id="verdict">
            <option value="all">all</option>
            <option value="attention">needs attention (flaky, failing, not run)</option>
            <option value="stable">stable</option>
            <option value="flaky">flaky</option>
            <option value="failing">failing</option>
            <option value="skipped">skipped</option>
            <option value="not-run">not run in some runs</option>
            </select></label>
            <label>Search <input id="search" type="search" placeholder="name, suite or message" autocomplete="off"></label>
            <output id="shown">\(Formatting.count(report.tests.count, "test"))</output>
            <button type="button" id="expand">Expand all</button>
            </div>
            <div class="legend">\(legend())</div>
            <table class="tests" id="tests">
            <thead><tr>
            <th aria-sort="none"><button type="button" data-key="name" data-type="text">Test</button></th>
            <th aria-sort="none"><button type="button" data-key="severity" data-type="num">Verdict</button></th>
            <th aria-sort="none"><button type="button" data-key="rate" data-type="num">Pass rate</button></th>
            <th class="num" aria-sort="none"><button type="button" data-key="runs" data-type="num" data-desc="1">Runs</button></th>
            <th class="num" aria-sort="none"><button type="button" data-key="median" data-type="num" data-desc="1">Median</button></th>
            <th class="num" aria-sort="none"><button type="button" data-key="p90" data-type="num" data-desc="1">p90</button></th>
            <th aria-sort="none"><button type="button" data-key="hint" data-type="text">Hint</button></th>
            </tr></thead>

            """
        for (order, test) in Self.worstFirst(report.tests).enumerated() {
            html += testBody(test, order: order, context: context)
        }
        return html + "</table>\n</section>\n"
    }

    private func testBody(_ test: TestSummary, order: Int, context: Context) -> String {
        let shownName = test.displayName ?? test.name
        var search = [test.id, test.suite, test.name, test.displayName ?? "", test.strategy ?? "", test.hint ?? ""]
        search += test.failures.map(\.message)
        let attention = [.flaky, .failing, .notRun].contains(test.verdict)
        var html =
            "<tbody class=\"t\" data-order=\"\(order)\" data-verdict=\"\(test.verdict.rawValue)\" "
            + "data-attention=\"\(attention ? 1 : 0)\" data-missed=\"\(test.notRun > 0 ? 1 : 0)\" data-severity=\"\(Self.severity(test.verdict))\" "
            + "data-name=\"\(Markup.attribute(shownName.lowercased() + " " + test.suite.lowercased()))\" "
            + "data-rate=\"\(Self.number(test.passRate ?? -1, digits: 6))\" data-runs=\"\(test.runs)\" "
            + "data-median=\"\(Self.number(test.durations?.median ?? -1, digits: 6))\" "
            + "data-p90=\"\(Self.number(test.durations?.p90 ?? -1, digits: 6))\" "
            + "data-hint=\"\(Markup.attribute((Self.shownHint(test) ?? "").lowercased()))\" "
            + "data-search=\"\(Markup.attribute(search.joined(separator: "\n").lowercased()))\">\n"
        html += "<tr class=\"main\">\n"
        html +=
            "<td class=\"test\"><span "
            + "class=\"name\" title=\"\(Markup.attribute(test.id))\">\(Markup.breakable(shownName))</span>"
        if let strategy = test.strategy { html += " <span class=\"tag\">\(Markup.text(strategy))</span>" }
        html +=
            "<br><span class=\"suite\">\(Markup.breakable(test.suite))"
            + (test.displayName != nil ? " · \(Markup.breakable(test.name))" : "") + "</span></td>\n"
        html += "<td data-label=\"Verdict\">\(badge(test.verdict))</td>\n"
        html += "<td class=\"rate\" data-label=\"Pass rate\">"
        if test.passRate != nil {
            html +=
                rateBar(test.passRate, test.passRateInterval, verdict: test.verdict)
                + " <span class=\"pct\">\(Formatting.percent(test.passRate))</span>"
                + " <span class=\"ci\">\(Formatting.interval(test.passRateInterval))</span>"
        } else {
            html += "<span class=\"muted\">n/a</span>"
        }
        html += "</td>\n"
        html +=
            "<td class=\"num\" data-label=\"Passed\">\(test.passed)/\(test.countedRuns)"
            + (test.skipped > 0 ? " <span class=\"muted\">+\(test.skipped) skipped</span>" : "")
            + (test.notRun > 0 ? " <span class=\"muted\">+\(test.notRun) not run</span>" : "") + "</td>\n"
        html += "<td class=\"num\" data-label=\"Median\">\(Formatting.seconds(test.durations?.median))</td>\n"
        html += "<td class=\"num\" data-label=\"p90\">\(Formatting.seconds(test.durations?.p90))</td>\n"
        html +=
            "<td class=\"hint\">\(Self.shownHint(test).map { "<span class=\"hint-text\">\(Markup.text($0))</span>" } ?? "")</td>\n"
        html += "</tr>\n<tr class=\"more\"><td colspan=\"7\"><details>\n"
        // Why a test needs attention is readable without a click: its first failure and the hint's advice.
        var why = ""
        if test.verdict != .stable, let failure = test.failures.first {
            let firstLine = failure.message.split(separator: "\n").first.map(String.init) ?? failure.message
            why += "<span class=\"why\">\(failure.count)× \(Markup.breakable(firstLine))</span>"
        }
        if let suggestion = test.suggestion {
            why += "<span class=\"why hint-sentence\">\(Markup.text(suggestion))</span>"
        }
        if let finding = test.hintFinding { why += "<span class=\"why hint-sentence\">\(Markup.text(finding))</span>" }
        html += "<summary>\(runStrip(test.history))<span class=\"more-label\">details</span>\(why)</summary>\n"
        html += details(test, context: context)
        html += "</details></td></tr>\n</tbody>\n"
        return html
    }

    private func details(_ test: TestSummary, context: Context) -> String {
        var html = "<div class=\"detail\">\n"
        var identity = "<code>\(Markup.breakable(test.id))</code> · \(test.framework.rawValue)"
        if let suite = test.suiteDisplayName { identity += " · suite “\(Markup.text(suite))”" }
        if let location = test.sourceLocation { identity += " · <code>\(Markup.text(location))</code>" }
        if let strategy = test.strategy { identity += " · strategy <code>\(Markup.text(strategy))</code>" }
        html += "<p class=\"identity\">\(identity)</p>\n"
        if let reason = test.skipReason { html += "<p class=\"muted\">Skipped: \(Markup.text(reason))</p>\n" }

        let outcomeCounts: [(String, Int)] = [
            ("passed", test.passed), ("failed", test.failed), ("crashed", test.crashed),
            ("timed out", test.timedOut), ("skipped", test.skipped), ("not run", test.notRun),
        ]
        html += "<p>" + outcomeCounts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: " · ")
        if test.passRate != nil {
            html +=
                " — pass rate \(Formatting.percent(test.passRate)), "
                + "\(Formatting.confidenceLabel(test.passRateInterval.confidence)) CI "
                + "\(Formatting.interval(test.passRateInterval))"
        }
        html += "</p>\n"
        if let proof = test.proofSentence { html += "<p class=\"stats\">Proof: \(Markup.text(proof))</p>\n" }
        if let hint = Self.shownHint(test) {
            html +=
                "<p class=\"hint-block\"><strong>Hint:</strong> \(Markup.text(test.hintFinding ?? hint))"
                + (test.suggestion.map { "<br>\(Markup.text($0))" } ?? "") + "</p>\n"
        } else if let suggestion = test.suggestion {
            html += "<p class=\"hint-block\">\(Markup.text(suggestion))</p>\n"
        }
        if let evidence = test.runtimeEvidenceSentence {
            html += "<p class=\"hint-block\"><strong>At run time:</strong> \(Markup.text(evidence))</p>\n"
        }
        for line in test.historyFinding?.sentences ?? [] {
            html += "<p class=\"hint-block\"><strong>History:</strong> \(Markup.text(line))</p>\n"
        }
        if let note = test.workerOverlap {
            html += "<p class=\"hint-block\"><strong>Beside another worker:</strong> \(Markup.text(note.message))</p>\n"
        }
        if let only = test.failsOnlyUnder {
            html += "<p class=\"hint-block\"><strong>Conditions:</strong> \(Markup.text(only))</p>\n"
        }
        if let reproduction = test.reproduction, test.verdict == .flaky || test.verdict == .failing {
            html += "<p class=\"stats\">" + Markup.text(reproduction.worded(reportPath: "report.json")) + "</p>\n"
        }
        if let rates = test.conditionRates, !rates.isEmpty, test.verdict != .stable {
            html += Self.conditionRates(rates)
        }
        if let paces = test.armPaceSentence, test.verdict != .stable {
            html += "<p class=\"stats\">Per minute of each arm's time: \(Markup.text(paces))</p>\n"
        }

        html += "<div class=\"columns\">\n"
        if let durations = test.durations, !test.durationSamples.isEmpty {
            html += "<div class=\"durations\"><h4>Durations</h4>\n"
            html += histogram(test.durationSamples, statistics: durations)
            html +=
                "<p class=\"stats\"><span>\(test.durationSamples.count) timed "
                + "\(test.durationSamples.count == 1 ? "run" : "runs")</span> "
                + "<span>min \(Formatting.seconds(durations.min))</span> <span class=\"median-key\">median "
                + "\(Formatting.seconds(durations.median))</span> "
                + "<span class=\"p90-key\">p90 \(Formatting.seconds(durations.p90))</span> <span>max "
                + "\(Formatting.seconds(durations.max))</span> "
                + "<span>mean \(Formatting.seconds(durations.mean))</span></p></div>\n"
        }

        let failing = test.failures.count > 0 || test.crashed > 0 || test.timedOut > 0 || test.failed > 0
        if failing {
            html += "<div class=\"failures\"><h4>Failures</h4>\n"
            for failure in test.failures {
                html += "<div class=\"failure\"><p class=\"fhead\"><span class=\"times\">\(failure.count)×</span>"
                if let location = failure.location { html += " <code>\(Markup.text(location))</code>" }
                html += "</p>\n<pre>\(Markup.text(failure.message))</pre>\n"
                let listed =
                    failure.count > failure.runIndices.count
                    ? " (the first \(failure.runIndices.count) of \(failure.count))" : ""
                html +=
                    "<p class=\"runs\">Runs "
                    + "\(runLinks(failure.runIndices.sorted(), test: test, context: context))\(listed)</p></div>\n"
            }
            for (symbol, label) in [("C", "Crashed"), ("T", "Timed out")] {
                let indices = Self.runs(of: Character(symbol), in: test.history)
                if !indices.isEmpty {
                    html +=
                        "<p class=\"runs\">\(label) in runs \(runLinks(indices, test: test, context: context))</p>\n"
                }
            }
            let failedRuns = Self.runs(of: "F", in: test.history)
            if test.failures.isEmpty && !failedRuns.isEmpty {
                html += "<p class=\"runs\">Failed in runs \(runLinks(failedRuns, test: test, context: context))</p>\n"
            }
            let logs = test.failingRuns.compactMap { index in
                context.logPath(strategy: test.strategy, index: index).map { (index, $0) }
            }
            if !logs.isEmpty {
                html +=
                    "<p class=\"logs\">Kept logs of failing runs: "
                    + logs.prefix(Self.maxListedRuns).map { _, path in
                        let name = path.split(separator: "/").last.map(String.init) ?? path
                        return
                            "<a href=\"\(Markup.attribute(Markup.relativeURL(path)))\" title=\"\(Markup.attribute(path))\">\(Markup.text(name))</a>"
                    }.joined(separator: " ")
                    + (logs.count > Self.maxListedRuns ? " and \(logs.count - Self.maxListedRuns) more" : "") + "</p>\n"
            }
            html += "</div>\n"
        }
        html += "</div>\n</div>\n"
        return html
    }

    /// Run numbers (1-based), each linked to its kept log when there is one.
    private func runLinks(_ indices: [Int], test: TestSummary, context: Context) -> String {
        var parts = indices.prefix(Self.maxListedRuns).map { index -> String in
            if let path = context.logPath(strategy: test.strategy, index: index) {
                return
                    "<a href=\"\(Markup.attribute(Markup.relativeURL(path)))\" title=\"\(Markup.attribute(path))\">\(index + 1)</a>"
            }
            return "\(index + 1)"
        }
        if indices.count > Self.maxListedRuns { parts.append("and \(indices.count - Self.maxListedRuns) more") }
        return parts.joined(separator: ", ")
    }

    private func legend() -> String {
        "Runs: "
            + [
                ("P", "passed"), ("F", "failed"), ("C", "crashed"), ("T", "timed out"), ("S", "skipped"),
                ("-", "not run"),
            ]
            .map { symbol, label in
                "<span class=\"key\"><i class=\"o-\(Self.outcome(Character(symbol)).css)\"></i>\(label)</span>"
            }
            .joined(separator: " ")
    }

    // MARK: - Helpers

    /// Looks up kept logs by strategy and run index. Built once per render so every run number and
    /// log link in the details is a dictionary lookup rather than a scan of `report.runs`.
    package struct Context {
        package var logs: [RunRecord.Key: String] = [:]

        package init(report: FlakeReport) {
            for run in report.runs {
                if let path = run.logPath { logs[run.key] = path }
            }
        }

        package func logPath(strategy: String?, index: Int) -> String? {
            logs[RunRecord.Key(strategy: strategy, index: index)]
        }
    }

    private static func runs(of symbol: Character, in history: String) -> [Int] {
        history.enumerated().compactMap { $0.element == symbol ? $0.offset : nil }
    }

    /// The hint worth showing: "none" (no synchronisation found) is left out of the table.
    static func shownHint(_ test: TestSummary) -> String? {
        test.hint.flatMap {
            $0.isEmpty || $0 == "none" ? nil : test.hintFinding == nil ? $0 : "\($0), yet \(test.verdict.rawValue)"
        }
    }

    static func verdictLabel(_ verdict: Verdict) -> String {
        verdict == .notRun ? "not run" : verdict.rawValue
    }

    /// The page's order: failing, not run, flaky (lowest possible pass rate first), skipped, stable; by ID
    /// within each. The table's buttons re-sort it in the page.
    static func worstFirst(_ tests: [TestSummary]) -> [TestSummary] {
        tests.sorted { left, right in
            let leftKey = (severity(left.verdict), left.verdict == .flaky ? left.passRateInterval.lower : 0)
            let rightKey = (severity(right.verdict), right.verdict == .flaky ? right.passRateInterval.lower : 0)
            if leftKey != rightKey { return leftKey < rightKey }
            return (left.id, left.strategy ?? "") < (right.id, right.strategy ?? "")
        }
    }

    package static func severity(_ verdict: Verdict) -> Int {
        switch verdict {
        case .failing: 0
        case .notRun: 1
        case .flaky: 2
        case .skipped: 3
        case .stable: 4
        }
    }

    /// `--perturb`: how often the test failed under each condition, worst first, so the conditions a race
    /// needs stand at the top. "Worst" is the lower end of the failure rate's Wilson interval, so 2
    /// failures in 10 runs do not outrank 11 in 96. Conditions above the test's overall rate are in bold.
    package static func conditionRates(_ rates: [ConditionRate]) -> String {
        let totals = ConditionRates.totals(rates)
        let overall = totals.runs == 0 ? 0 : Double(totals.failures) / Double(totals.runs)
        let rows = rates.filter { $0.counted > 0 }.map { rate in
            (
                rate, Double(rate.counted - rate.passed) / Double(rate.counted),
                ProportionInterval.wilson(successes: rate.counted - rate.passed, trials: rate.counted).lower
            )
        }.sorted { ($0.2, $1.0.condition) > ($1.2, $0.0.condition) }
        return
            "<details class=\"conditions\"><summary>Failure rate by condition (overall "
            + "\(Formatting.percent(overall)))</summary>"
            + "<p class=\"stats\">"
            + rows.map { rate, failing, _ in
                let text =
                    "\(Markup.text(rate.condition)) \(Formatting.percent(failing)) "
                    + "(\(rate.counted - rate.passed) of \(Formatting.count(rate.counted, "run")))"
                return failing > overall ? "<span><strong>\(text)</strong></span>" : "<span>\(text)</span>"
            }.joined(separator: " ") + "</p></details>\n"
    }
}
