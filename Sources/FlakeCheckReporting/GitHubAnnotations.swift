import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// Under GitHub Actions (`GITHUB_ACTIONS=true`) a line `::error file=…,line=…,title=…::message` on stdout
/// becomes an annotation on that line of the pull request's diff. One per test that is not stable:
/// `error` for a failing test, `warning` for a flaky one (or one the baseline still excuses), placed at the
/// failing assertion where the output said where it was, else at the test's declaration.
package enum GitHubAnnotations {
    package static func render(_ report: FlakeReport, workspace: String?) -> String {
        report.tests.compactMap { annotation(for: $0, workspace: workspace) }.map { $0 + "\n" }.joined()
    }

    package static func annotation(for test: TestSummary, workspace: String?) -> String? {
        let level: String
        switch test.verdict {
        case .failing: level = test.baseline?.state == .knownFlaky ? "warning" : "error"
        case .flaky: level = "warning"
        case .stable, .skipped, .notRun: return nil
        }
        var properties: [String] = []
        if let location = test.failures.first?.location ?? test.sourceLocation {
            let position = SourcePosition(location)
            var file = position.file
            if let workspace, file.hasPrefix(workspace + "/") { file.removeFirst(workspace.count + 1) }
            properties.append("file=" + escapeProperty(file))
            if let line = position.line { properties.append("line=\(line)") }
            if let column = position.column { properties.append("col=\(column)") }
        }
        let rate = Formatting.percent(test.passRate)
        properties.append(
            "title="
                + escapeProperty(
                    "\(test.verdict.rawValue): \(test.id) passed \(test.passed)/\(test.countedRuns) (\(rate))"))
        let firstFailure = test.failures.first.map { "\n\($0.count)x \($0.message)" } ?? ""
        let message =
            "\(test.id) passed \(test.passed) of \(Formatting.count(test.countedRuns, "run")) (\(rate), "
            + "\(Formatting.confidenceLabel(test.passRateInterval.confidence)) CI "
            + "\(Formatting.interval(test.passRateInterval)))"
            + firstFailure
        return "::\(level) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// GitHub's workflow-command escaping: `%`, CR and LF in the message; also `:` and `,` in properties.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
