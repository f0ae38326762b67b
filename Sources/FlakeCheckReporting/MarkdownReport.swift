import FlakeCheckModel
import FlakeCheckSupport

/// A compact summary for a pull-request comment or `$GITHUB_STEP_SUMMARY`: the verdict counts, then
/// only the tests that need attention.
package struct MarkdownReport {
    package init() {}

    package func render(_ report: FlakeReport) -> String {
        let summary = report.summary
        var text = "## flakecheck: \(report.interrupted ? "interrupted" : report.gate.passed ? "passed" : "failed")\n\n"
        if report.interrupted {
            text += "**Interrupted:** the numbers cover only the runs that finished.\n\n"
        }
        text +=
            "\(Formatting.count(summary.tests, "test")) × \(report.configuration.runsPhrase()): "
            + "**\(summary.stable) stable**, "
            + "**\(summary.flaky) flaky**, **\(summary.failing) failing**, \(summary.skipped) skipped"
            + (summary.notRun > 0 ? ", \(summary.notRun) not run" : "")
            + TerminalReport.incidentCounts(summary) + ".\n"
        if let revision = report.configuration.changedSince {
            text += "\nThe tests the change since `\(escape(revision))` touches (`--changed-since`).\n"
        }
        for note in report.configuration.notes ?? [] { text += "\nNote: \(escape(note.sentence(in: report)))\n" }
        if let sentence = report.configuration.perturbationSentence(code: { "`\($0)`" }) { text += "\n\(sentence)\n" }
        if let sentence = report.replaySentence { text += "\n\(sentence)\n" }
        if let lines = report.sanitizerLines() {
            text +=
                "\n**\(escape(lines[0]))**\n"
                + (lines.count > 1 ? "\n```text\n" + lines.dropFirst().joined(separator: "\n") + "\n```\n" : "")
        }
        let again = report.tests.filter { $0.reproduction != nil && ($0.verdict == .flaky || $0.verdict == .failing) }
        if !again.isEmpty {
            text += "\n**To see a failure again** (from the folder that holds report.json):\n\n"
            for test in again.prefix(20) {
                let label = (test.strategy.map { "[\(escape($0))] " } ?? "") + "`\(test.id)`"
                text += "- \(label): \(test.reproduction!.worded(reportPath: "report.json", code: { "`\($0)`" }))\n"
            }
        }
        let unresolved = report.runs.flatMap { run in (run.incidents ?? []).filter(\.isUnresolved).map { (run, $0) } }
        if !unresolved.isEmpty {
            text += "\n**Incidents flakecheck could not resolve** (they fail the gate):\n\n"
            for (run, incident) in unresolved.prefix(10) {
                text +=
                    "- run \(run.index + 1)\(run.strategy.map { " of \(escape($0))" } ?? ""): "
                    + "\(incident.kind.label): \(escape(String(incident.message.prefix(400))))\n"
            }
            if unresolved.count > 10 { text += "- … and \(unresolved.count - 10) more in report.json\n" }
        }
        if let strategies = report.strategies, !strategies.isEmpty {
            text += "\n| Strategy | Passed | Pass rate | CI | Median | Verdict |\n|---|---:|---:|---|---:|---|\n"
            for strategy in strategies {
                text +=
                    "| \(escape(strategy.name)) | \(strategy.passed)/\(strategy.passed + strategy.failed) | "
                    + "\(Formatting.percent(strategy.passRate)) | \(Formatting.interval(strategy.passRateInterval)) | "
                    + "\(Formatting.seconds(strategy.durations?.median)) | \(strategy.verdict.rawValue) |\n"
            }
        }
        let attention = report.tests.filter { [.flaky, .failing, .notRun].contains($0.verdict) }
        if !attention.isEmpty {
            text += "\n| Test | Passed | Pass rate | CI | Verdict | Top failure |\n|---|---:|---:|---|---|---|\n"
            for test in attention {
                let failure = test.failures.first.map { "\($0.count)× " + firstLine($0.message) } ?? ""
                text +=
                    "| `\(escape(test.id))` | \(test.passed)/\(test.countedRuns) | "
                    + "\(Formatting.percent(test.passRate)) | "
                    + "\(Formatting.interval(test.passRateInterval)) | \(test.verdict.rawValue) | "
                    + "\(escape(failure)) |\n"
            }
            let recorded = attention.filter { $0.runtimeEvidence != nil }
            if !recorded.isEmpty {
                text +=
                    "\n**At run time** (each test alone, with the runtime recorder):\n\n"
                    + recorded.map { "- `\(escape($0.id))`: \(escape($0.runtimeEvidenceSentence!))\n" }.joined()
            }
            let histories = attention.filter { !($0.historyFinding?.sentences.isEmpty ?? true) }
            if !histories.isEmpty {
                text +=
                    "\n**History:**\n\n"
                    + histories.map { test in
                        "- `\(escape(test.id))`: " + escape(test.historyFinding!.sentences.joined(separator: "; "))
                            + "\n"
                    }.joined()
            }
            let contradicted = attention.filter { $0.hintFinding != nil }
            if !contradicted.isEmpty {
                text +=
                    "\n**Hints the runs contradict:**\n\n"
                    + contradicted.map { "- `\(escape($0.id))`: \(escape($0.hintFinding!))\n" }.joined()
            }
        }
        return text
    }

    private func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "").prefix(200).description
    }

    /// Table cells cannot hold pipes or newlines; angle brackets are escaped so test output never
    /// becomes markup.
    private func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "|": escaped += "\\|"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "`": escaped += "'"
            case "\n", "\r": escaped += " "
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
