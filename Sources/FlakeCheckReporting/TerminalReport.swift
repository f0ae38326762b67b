import FlakeCheckModel
import FlakeCheckSupport

/// The summary printed at the end of a run: one row per test, then the verdict counts and where the
/// reports went.
package struct TerminalReport {
    package var useColor: Bool
    /// The terminal's width in characters; nil (a file, a CI log) never cuts a name.
    package var width: Int?
    /// Where report.json was written, for the `--replay` commands a perturbed run prints.
    package var reportPath: String

    package init(useColor: Bool, width: Int? = nil, reportPath: String = "Reports/report.json") {
        self.useColor = useColor
        self.width = width
        self.reportPath = reportPath
    }

    /// The table, failures, counts and incidents, then (unless `gate` is false, for a caller that prints
    /// more after the table) the gate lines, so the last lines always say why the gate failed.
    package func render(_ report: FlakeReport, gate: Bool = true, testTable: Bool = true) -> String {
        var text = testTable ? tests(report) : ""
        // Filtered lazily before the loop: a loop over every test copies each of thousands of summaries.
        for test in report.tests.lazy.filter({ $0.workerOverlap != nil || $0.failsOnlyUnder != nil }) {
            if let note = test.workerOverlap {
                text += "note: " + wrapped("\(test.id) \(note.message)", after: 6) + "\n"
            }
            if let only = test.failsOnlyUnder {
                text +=
                    "note: " + wrapped("\((test.strategy.map { "[\($0)] " } ?? ""))\(test.id) \(only)", after: 6) + "\n"
            }
        }
        text += baselineLines(report)
        text += summaryLine(report)
        if let recheck = report.recheck { text += wrapped(recheck.sentence, after: 0) + "\n" }
        for note in report.configuration.notes ?? [] { text += "note: " + wrapped(note.sentence(in: report), after: 6) + "\n" }
        if !testTable {
            text +=
                wrapped(
                    "Each test's runs, rate and failures: report.json (--format html for a page; --show-tests "
                        + "prints them here).", after: 0) + "\n"
        }
        if let sentence = report.configuration.perturbationSentence() { text += wrapped(sentence, after: 0) + "\n" }
        if let sentence = report.replaySentence { text += wrapped(sentence, after: 0) + "\n" }
        if let lines = report.sanitizerLines() { text += lines.joined(separator: "\n") + "\n" }
        for test in report.tests.filter({ $0.reproduction != nil && ($0.verdict == .flaky || $0.verdict == .failing) })
            .prefix(10)
        {
            let label = (test.strategy.map { "[\($0)] " } ?? "") + test.id
            text +=
                "again: " + wrapped("\(label) \(test.reproduction!.worded(reportPath: reportPath))", after: 7) + "\n"
        }
        text += incidentLines(report)
        if report.interrupted { text += "Interrupted: the numbers cover only the runs that finished.\n" }
        if gate { text += gateLines(report) }
        return text
    }

    /// The per-test table, skip and stop reasons, and the first failure of each failing test.
    package func tests(_ report: FlakeReport) -> String {
        let confidence = Formatting.confidenceLabel(report.configuration.confidence)
        // Thousands of tests share a few rates, intervals and medians: each cell's text is made once.
        var cells = FormattedCells()
        let rows = report.tests.map { test in
            [
                (test.strategy.map { "[\($0)] " } ?? "") + test.id,
                "\(test.passed)/\(test.countedRuns)",
                cells.percent(test.passRate),
                cells.interval(test.passRateInterval),
                cells.seconds(test.durations?.median),
                paint(test.verdict),
            ]
        }
        var text = TerminalTable(
            headers: ["Test", "Passed", "Pass rate", "\(confidence) CI", "Median", "Verdict"],
            rows: rows, rightAligned: [1, 2, 4], maximumWidth: width, optionalColumns: [4, 3]
        ).render()
        for test in report.tests.lazy.filter({ $0.skipped > 0 }) {
            if let reason = test.skipReason { text += "skipped: \(test.id): \(reason)\n" }
        }
        for test in report.tests.lazy.filter({ $0.stopReason != nil }) {
            if let reason = test.stopReason {
                text += "stopped: \((test.strategy.map { "[\($0)] " } ?? ""))\(test.id): \(reason)\n"
            }
        }
        let failing = report.tests.filter { !$0.failures.isEmpty && $0.verdict != .stable }
        // A crash among hundreds of parallel tests gives each of them a failure; the incidents below
        // say it once, and the files keep every test's messages.
        for test in failing.prefix(Self.shownFailingTests) {
            let top = test.failures[0]
            let firstLine = top.message.split(separator: "\n").first.map(String.init) ?? top.message
            text += "\n" + line("", "\(test.id): \(top.count)x \(firstLine)" + (top.location.map { " (\($0))" } ?? ""))
            let shown = test.failures.dropFirst().reduce(0) { $0 + $1.count }
            let more = shown + (test.otherFailures?.count ?? 0)
            if more > 0 { text += "\n  and \(more) more failure\(more == 1 ? "" : "s") (report.json has them)" }
            if let suggestion = test.suggestion { text += "\n" + line("  hint: ", suggestion) }
            if let finding = test.hintFinding { text += "\n" + line("  hint: ", finding) }
            if let first = test.firstFailure { text += "\n" + line("  first failed: ", first.sentence) }
            if let paces = test.armPaceSentence { text += "\n" + line("  per minute: ", paces) }
            if let reason = test.hintReasonSentence { text += "\n" + line("  read: ", reason) }
            if let evidence = test.runtimeEvidenceSentence { text += "\n" + line("  at run time: ", evidence) }
            for finding in test.historyFinding?.sentences ?? [] { text += "\n" + line("  history: ", finding) }
        }
        // A test whose runs all ended in a pass can still be flaky by its history (a rerun passed it).
        for test in report.tests where test.failures.isEmpty && !(test.historyFinding?.sentences.isEmpty ?? true) {
            text +=
                "\n\(test.id):" + (test.historyFinding?.sentences ?? []).map { "\n" + line("  history: ", $0) }.joined()
        }
        if failing.count > Self.shownFailingTests {
            text +=
                "\n… and \(failing.count - Self.shownFailingTests) more tests with failures (report.json, report.html)"
        }
        if !failing.isEmpty || report.tests.contains(where: { $0.failures.isEmpty && $0.historyFinding != nil }) {
            text += "\n"
        }
        return text
    }

    /// What the baseline did to each test it names.
    func baselineLines(_ report: FlakeReport) -> String {
        var text = ""
        for test in report.tests.lazy.filter({ $0.baseline != nil }) {
            switch test.baseline?.state {
            case .fixed?: text += "\(test.id): stable now; fixed, remove it from the baseline\n"
            case .expired?:
                text += "\(test.id): baseline entry expired on \(test.baseline?.expires ?? "?"); it counts again\n"
            case .knownFlaky?:
                text += "\(test.id): in the baseline (\(test.baseline?.reason ?? "known flaky")); not gated\n"
            case nil: break
            }
        }
        return text
    }

    /// `50 tests: 31 stable, 14 flaky, …` with the incident counts and the runs.
    func summaryLine(_ report: FlakeReport) -> String {
        let summary = report.summary
        return "\n"
            + line(
                "",
                "\(summary.tests) test\(summary.tests == 1 ? "" : "s"): \(summary.stable) stable, "
                    + "\(summary.flaky) flaky, "
                    + "\(summary.failing) failing, \(summary.skipped) skipped"
                    + (summary.notRun > 0 ? ", \(summary.notRun) not run" : "")
                    + Self.incidentCounts(summary)
                    + (report.command == "parse"
                        ? " (\(Formatting.count(report.runs.count, "run")) from "
                            + "\(Formatting.count(report.configuration.inputFiles?.count ?? 0, "saved log")))"
                        : " (\(Formatting.count(Self.distinctRuns(report), "run")) in "
                            + "\(Formatting.seconds(report.wallSeconds)))")
            ) + "\n"
    }

    /// In-process mode keeps one record per framework for the same run (XCTest's process, Swift Testing's
    /// repetition), so runs are counted by index (and strategy), not by record.
    static func distinctRuns(_ report: FlakeReport) -> Int {
        Set(report.runs.map(\.key)).count
    }

    /// Crashes, timeouts, lost results and spawn failures, run by run: what flakecheck could and could
    /// not pin on one test. At most 20 lines; the rest are in report.json's `runs[].incidents`.
    func incidentLines(_ report: FlakeReport) -> String {
        let incidents = report.runs.flatMap { run in
            (run.incidents ?? []).map { (run, $0) }
        }
        guard !incidents.isEmpty else { return "" }
        var text = "\nIncidents (\(incidents.count)):\n"
        for (run, incident) in incidents.prefix(20) {
            let heading = "run \(run.index + 1)\(run.strategy.map { " of \($0)" } ?? ""): "
            // Wrapped before the title is painted, so colour codes take no columns.
            let wrapped = line("  ", heading + incident.title + ": " + incident.message)
            text +=
                (useColor
                    ? wrapped.replacingOccurrences(
                        of: heading + incident.title, with: heading + paintAlarm(incident.title))
                    : wrapped) + "\n"
        }
        if incidents.count > 20 { text += "  … and \(incidents.count - 20) more in report.json (runs[].incidents)\n" }
        if let common = Self.recurringCandidates(incidents.map(\.1)) { text += line("", common) + "\n" }
        return text
    }

    /// Over several crashes or timeouts nobody could be blamed for, the tests that were candidates most
    /// often are where to look first. Shown only when few tests share the top count: when hundreds of
    /// tests were in flight every time (FlyingFox), the list would say nothing.
    static func recurringCandidates(_ incidents: [RunIncident]) -> String? {
        let unresolved = incidents.filter { [.crash, .timeout].contains($0.kind) && $0.isUnresolved }
        guard unresolved.count >= 2 else { return nil }
        var counts: [String: Int] = [:]
        for incident in unresolved { for id in Set(incident.candidates) { counts[id, default: 0] += 1 } }
        let top = counts.filter { $0.value > 1 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5)
        guard let most = top.first?.value, counts.values.filter({ $0 == most }).count <= 10 else { return nil }
        return "  most frequent candidates of the \(unresolved.count) unattributed crashes and timeouts: "
            + top.map { "\($0.key) (\($0.value) of \(unresolved.count))" }.joined(separator: ", ")
    }

    /// The last lines: whether the gate passed, and if not, each reason (a test below the threshold, an
    /// incident flakecheck could not resolve).
    package func gateLines(_ report: FlakeReport) -> String {
        let gate = report.gate
        if gate.passed { return wrapped(report.gatePassedSentence, after: 13) + "\n" }
        let reasons = gate.failures.isEmpty ? gate.belowThreshold : gate.reasons(reportPath: reportPath)
        var text = ""
        for reason in reasons.prefix(10) { text += "\(paintAlarm("Gate failed")): \(wrapped(reason, after: 13))\n" }
        if reasons.count > 10 {
            text +=
                "\(paintAlarm("Gate failed")): … and \(reasons.count - 10) more reasons (report.json gate.failures)\n"
        }
        return text
    }

    /// A long line wrapped at word boundaries to the terminal's width (continuation lines indented two
    /// spaces); as it is where there is no terminal, so a CI log keeps one line per reason.
    package func wrapped(_ text: String, after heading: Int) -> String {
        guard let width, width > heading + 20 else { return text }
        return WordWrap.wrap(text, width: width, firstIndent: heading, indent: 2)
    }

    /// `prefix` and `body` as one line, wrapped to the terminal's width after the prefix (continuation
    /// lines indented four spaces); as it is where there is no terminal.
    package func line(_ prefix: String, _ body: String) -> String {
        guard let width, width > prefix.count + 20 else { return prefix + body }
        return prefix + WordWrap.wrap(body, width: width, firstIndent: prefix.count, indent: 4)
    }

    private func paintAlarm(_ text: String) -> String {
        useColor ? "\u{1B}[31m\(text)\u{1B}[0m" : text
    }

    /// How many tests' top failure the terminal prints.
    static let shownFailingTests = 25

    static func incidentCounts(_ summary: FlakeReport.Summary) -> String {
        [
            (summary.unattributedCrashes, "unattributed crash", "unattributed crashes"),
            (summary.unattributedTimeouts, "unattributed timeout", "unattributed timeouts"),
            (summary.lostResults, "lost result", "lost results"),
            (summary.spawnFailures, "spawn failure", "spawn failures"),
            (summary.ambiguousResults, "ambiguous result", "ambiguous results"),
        ]
        .compactMap { count, one, many in
            guard let count, count > 0 else { return nil }
            return ", \(count) \(count == 1 ? one : many)"
        }.joined()
    }

    func paint(_ verdict: Verdict) -> String {
        guard useColor else { return verdict.rawValue }
        let code =
            switch verdict {
            case .stable: "32"
            case .flaky: "33"
            case .failing, .notRun: "31"
            case .skipped: "90"
            }
        return "\u{1B}[\(code)m\(verdict.rawValue)\u{1B}[0m"
    }
}

/// The table's number cells, each distinct value formatted once (`Formatting` calls C's `vsnprintf`).
private struct FormattedCells {
    private var percents: [Double?: String] = [:]
    private var intervals: [ProportionInterval: String] = [:]
    private var seconds: [Double?: String] = [:]

    mutating func percent(_ value: Double?) -> String { Self.cached(value, in: &percents, Formatting.percent) }

    mutating func interval(_ value: ProportionInterval) -> String {
        Self.cached(value, in: &intervals, Formatting.interval)
    }

    mutating func seconds(_ value: Double?) -> String { Self.cached(value, in: &seconds, Formatting.seconds) }

    private static func cached<Value: Hashable>(
        _ value: Value, in texts: inout [Value: String],
        _ format: (Value) -> String
    ) -> String {
        if let known = texts[value] { return known }
        let text = format(value)
        texts[value] = text
        return text
    }
}
