import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// `report.junit.xml` for CI test-result views (Jenkins, GitLab, GitHub test reporters). One
/// `<testsuite>` per suite (per strategy and suite for `compare`), one `<testcase>` per test with its
/// median time. Failing tests carry a `<failure>`; flaky tests pass but carry Surefire-style
/// `<flakyFailure>` elements, so CI shows them green while keeping the evidence; skipped tests are
/// `<skipped/>`; tests that never ran are an `<error>`. Every testcase has `<properties>` with its numbers.
package struct JUnitReport {
    /// At most this many `<flakyFailure>` elements per flaky test.
    package static let maxFlakyFailures = 5

    package init() {}

    package func render(_ report: FlakeReport) -> String {
        var groups: [(key: String, suite: String, tests: [TestSummary])] = []
        var groupIndex: [String: Int] = [:]
        for test in report.tests {
            let suite = test.suite.isEmpty ? "(no suite)" : test.suite
            let key = test.strategy.map { "\($0) / \(suite)" } ?? suite
            if let index = groupIndex[key] {
                groups[index].tests.append(test)
            } else {
                groupIndex[key] = groups.count
                groups.append((key, suite, [test]))
            }
        }

        let summary = report.summary
        // The gate's own testcase, and flaky tests the gate counts as failing (`--fail-on-flaky`,
        // `--fail-on-new-flaky`, a pass rate under `--min-pass-rate`): each carries a `<failure>`.
        let gateCases = !report.gate.passed || report.interrupted ? 1 : 0
        let gated = Set(report.gate.belowThreshold)
        let gatedFlaky = report.tests.count { $0.verdict == .flaky && gated.contains($0.id) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"flakecheck\" tests=\"\(report.tests.count + gateCases)\" "
            + "failures=\"\(summary.failing + gateCases + gatedFlaky)\" "
            + "errors=\"\(summary.notRun)\" skipped=\"\(summary.skipped)\" time=\"\(Self.seconds(report.wallSeconds))\" "
            + "timestamp=\"\(Markup.attribute(report.startedAt))\">\n"
        for group in groups {
            let tests = group.tests
            let time = tests.reduce(0) { $0 + ($1.durations?.median ?? 0) }
            xml +=
                "  <testsuite name=\"\(Markup.attribute(group.key))\" tests=\"\(tests.count)\" "
                + "failures=\"\(tests.count { $0.verdict == .failing || $0.verdict == .flaky && gated.contains($0.id) })\" "
                + "errors=\"\(tests.filter { $0.verdict == .notRun }.count)\" "
                + "skipped=\"\(tests.filter { $0.verdict == .skipped }.count)\" "
                + "time=\"\(Self.seconds(time))\" timestamp=\"\(Markup.attribute(report.startedAt))\">\n"
            for test in tests {
                xml += testCase(test, suite: group.suite, report: report, gated: gated.contains(test.id))
            }
            xml += "  </testsuite>\n"
        }
        xml += sanitizerSuite(report)
        xml += gateSuite(report)
        xml += "</testsuites>\n"
        return xml
    }

    /// A failed gate is a failed testcase of its own (`flakecheck` / `gate`), whatever the tests' own
    /// testcases say, so every JUnit reader (GitLab, Jenkins, Buildkite: a testcase with `<failure>`
    /// fails the report) shows red when the job does: an interrupted run, an incident flakecheck could not
    /// resolve, a flaky test the gate does not allow. Its properties say whether the run was interrupted.
    private func gateSuite(_ report: FlakeReport) -> String {
        guard !report.gate.passed || report.interrupted else { return "" }
        let lines = report.gate.failures.map(\.sentence)
        let headline = report.interrupted ? "interrupted: the numbers cover only the runs that finished" : lines.first
        return "  <testsuite name=\"flakecheck\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"0.000\" "
            + "timestamp=\"\(Markup.attribute(report.startedAt))\">\n"
            + "    <properties>\n"
            + "      <property name=\"interrupted\" value=\"\(report.interrupted)\"/>\n"
            + "      <property name=\"gateFailures\" value=\"\(report.gate.failures.count)\"/>\n"
            + "    </properties>\n"
            + "    <testcase classname=\"flakecheck\" name=\"gate\" time=\"0.000\">\n"
            + "      <failure message=\"\(Markup.attribute(headline ?? "the gate failed"))\" type=\"gate\">"
            + Markup.text(lines.joined(separator: "\n")) + "</failure>\n"
            + "    </testcase>\n  </testsuite>\n"
    }

    /// `--sanitize thread`: a suite of its own, one failing testcase per race, so CI shows races beside
    /// the tests without charging them to a test.
    private func sanitizerSuite(_ report: FlakeReport) -> String {
        guard let findings = report.sanitizerFindings, !findings.isEmpty else { return "" }
        var xml =
            "  <testsuite "
            + "name=\"ThreadSanitizer\" tests=\"\(findings.count)\" failures=\"\(findings.count)\" errors=\"0\" "
            + "skipped=\"0\" time=\"0.000\" timestamp=\"\(Markup.attribute(report.startedAt))\">\n"
        for (number, finding) in findings.enumerated() {
            let detail =
                ([finding.occurrence(runs: TerminalReport.distinctRuns(report))]
                + finding.detailLines(packagePath: report.configuration.packagePath)).joined(separator: "\n")
            xml +=
                "    <testcase classname=\"ThreadSanitizer\" name=\"race \(number + 1): "
                + "\(Markup.attribute(finding.report.kind))\" time=\"0.000\">\n"
                + "      <failure "
                + "message=\"\(Markup.attribute(finding.title))\" type=\"\(Markup.attribute(finding.report.kind))\">"
                + Markup.text(detail) + "</failure>\n    </testcase>\n"
        }
        return xml + "  </testsuite>\n"
    }

    private func testCase(_ test: TestSummary, suite: String, report: FlakeReport, gated: Bool) -> String {
        var xml =
            "    <testcase classname=\"\(Markup.attribute(suite))\" name=\"\(Markup.attribute(test.name))\" "
            + "time=\"\(Self.seconds(test.durations?.median ?? 0))\""
        // JUnit's `file` is a path; the line goes in its own attribute, as most consumers read it.
        if let location = test.sourceLocation {
            let position = SourcePosition(location)
            xml += " file=\"\(Markup.attribute(position.file))\""
            if let line = position.line { xml += " line=\"\(line)\"" }
        }
        xml += ">\n"
        xml += properties(test)
        switch test.verdict {
        case .stable:
            break
        case .flaky:
            if gated {
                let message =
                    "flaky, and the gate does not allow it: " + (failureEntries(test).first?.message ?? "failed in some runs")
                xml +=
                    "      <failure message=\"\(Markup.attribute(message))\" type=\"flaky\">"
                    + Markup.text(statement(test)) + "</failure>\n"
            }
            for entry in failureEntries(test).prefix(Self.maxFlakyFailures) {
                xml +=
                    "      <flakyFailure message=\"\(Markup.attribute(entry.message))\" type=\"\(entry.type)\">"
                    + "<stackTrace>\(Markup.text(entry.detail))</stackTrace></flakyFailure>\n"
            }
        case .failing:
            let entries = failureEntries(test)
            let headline = entries.first?.message ?? "never passed"
            let type = entries.first?.type ?? "failed"
            var body = "\(statement(test))\n"
            for entry in entries { body += "\n" + entry.detail + "\n" }
            xml +=
                "      <failure message=\"\(Markup.attribute(headline))\" type=\"\(type)\">"
                + Markup.text(body) + "</failure>\n"
            // `--rerun-failures`: each failed rerun as Surefire and cargo-nextest write it.
            if report.configuration.rerunFailures != nil {
                for entry in rerunEntries(test).prefix(Self.maxFlakyFailures) {
                    xml +=
                        "      <rerunFailure message=\"\(Markup.attribute(entry.message))\" type=\"\(entry.type)\">"
                        + "<stackTrace>\(Markup.text(entry.detail))</stackTrace></rerunFailure>\n"
                }
            }
        case .skipped:
            let reason = test.skipReason.map { ": \($0)" } ?? ""
            xml +=
                "      <skipped "
                + "message=\"\(Markup.attribute("skipped in all \(Formatting.count(test.skipped, "run"))\(reason)"))\"/>\n"
        case .notRun:
            xml +=
                "      <error message=\"never ran\" type=\"not-run\">"
                + Markup.text(
                    "The test was selected but never reported in any of \(Formatting.count(test.notRun, "run")).")
                + "</error>\n"
        }
        let said = [
            test.hint.map { "hint: " + (test.hintFinding ?? $0) }, test.suggestion,
            test.runtimeEvidenceSentence.map { "at run time: " + $0 },
        ].compactMap { $0 }
        if !said.isEmpty { xml += "      <system-out>\(Markup.text(said.joined(separator: "\n")))</system-out>\n" }
        xml += "    </testcase>\n"
        return xml
    }

    private func properties(_ test: TestSummary) -> String {
        var items: [(String, String)] = []
        if let rate = test.passRate {
            items.append(("passRate", Self.rate(rate)))
            items.append(("passRateLower", Self.rate(test.passRateInterval.lower)))
            items.append(("passRateUpper", Self.rate(test.passRateInterval.upper)))
            items.append(("confidence", Self.rate(test.passRateInterval.confidence)))
        }
        items.append(("runs", "\(test.runs)"))
        items.append(("passed", "\(test.passed)"))
        items.append(("failed", "\(test.failed)"))
        if test.crashed > 0 { items.append(("crashed", "\(test.crashed)")) }
        if test.timedOut > 0 { items.append(("timedOut", "\(test.timedOut)")) }
        if test.skipped > 0 { items.append(("skipped", "\(test.skipped)")) }
        if test.notRun > 0 { items.append(("notRun", "\(test.notRun)")) }
        items.append(("verdict", test.verdict.rawValue))
        if let strategy = test.strategy { items.append(("strategy", strategy)) }
        if let hint = test.hint { items.append(("hint", hint)) }
        if let finding = test.hintFinding { items.append(("hintFinding", finding)) }
        if let proof = test.proofSentence { items.append(("proof", proof)) }
        var xml = "      <properties>\n"
        for (name, value) in items {
            xml += "        <property name=\"\(name)\" value=\"\(Markup.attribute(value))\"/>\n"
        }
        return xml + "      </properties>\n"
    }

    private struct FailureEntry {
        var message: String
        var type: String
        var detail: String
    }

    /// Distinct failure messages (most frequent first), then crashes and time-outs, which usually have
    /// no message of their own.
    /// One entry per failed rerun (run indices after the first), with the failure recorded in that run.
    private func rerunEntries(_ test: TestSummary) -> [FailureEntry] {
        test.history.enumerated().dropFirst().compactMap { index, symbol in
            guard let outcome = TestOutcome(symbol: symbol), outcome.isFailure else { return nil }
            let failure = test.failures.first { $0.runIndices.contains(index) }
            let message = failure.map { Self.headline($0.message) } ?? outcome.rawValue
            let detail =
                "rerun \(index)" + (failure?.location.map { " at \($0)" } ?? "") + "\n"
                + (failure?.message ?? outcome.rawValue)
            return FailureEntry(message: message, type: outcome.rawValue, detail: detail)
        }
    }

    private func failureEntries(_ test: TestSummary) -> [FailureEntry] {
        var entries = test.failures.map { failure in
            var detail =
                "\(failure.count)× in runs \(Self.runList(failure.runIndices))"
                + (failure.count > failure.runIndices.count
                    ? " (the first \(failure.runIndices.count) of \(failure.count))" : "")
            if let location = failure.location { detail += "\nat \(location)" }
            detail += "\n" + failure.message
            return FailureEntry(message: Self.headline(failure.message), type: "failed", detail: detail)
        }
        if test.crashed > 0 {
            let text = "crashed in \(test.crashed) of \(Formatting.count(test.countedRuns, "run"))"
            entries.append(
                FailureEntry(
                    message: text, type: "crashed", detail: text + " (runs \(Self.runList(runs(of: "C", in: test))))"))
        }
        if test.timedOut > 0 {
            let text = "timed out in \(test.timedOut) of \(Formatting.count(test.countedRuns, "run"))"
            entries.append(
                FailureEntry(
                    message: text, type: "timedOut", detail: text + " (runs \(Self.runList(runs(of: "T", in: test))))"))
        }
        if test.failed > 0 && test.failures.isEmpty {
            let text = "failed in \(test.failed) of \(Formatting.count(test.countedRuns, "run"))"
            entries.append(
                FailureEntry(
                    message: text, type: "failed", detail: text + " (runs \(Self.runList(runs(of: "F", in: test))))"))
        }
        return entries
    }

    private func statement(_ test: TestSummary) -> String {
        "\(test.verdict.rawValue): passed \(test.passed) of \(Formatting.count(test.countedRuns, "run")) (pass rate "
            + "\(Formatting.percent(test.passRate)), "
            + "\(Formatting.confidenceLabel(test.passRateInterval.confidence)) CI "
            + "\(Formatting.interval(test.passRateInterval)))"
    }

    private func runs(of symbol: Character, in test: TestSummary) -> [Int] {
        test.history.enumerated().compactMap { $0.element == symbol ? $0.offset : nil }
    }

    /// Run numbers as shown to people (1-based, like the log file names), at most 20 of them.
    static func runList(_ indices: [Int]) -> String {
        let shown = indices.prefix(20).map { "\($0 + 1)" }.joined(separator: ", ")
        return indices.count > 20 ? shown + ", … (\(indices.count) in all)" : shown
    }

    /// The first line of a message, at most 200 characters: what a CI view shows in one row.
    static func headline(_ message: String) -> String {
        let line = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? message
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }

    package static func seconds(_ value: Double) -> String { Formatting.fixed(value, decimals: 3) }
    package static func rate(_ value: Double) -> String { Formatting.fixed(value, decimals: 4) }
}
