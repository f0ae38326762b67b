/// The summary printed at the end of a run: one row per test, then the verdict counts and where the
/// reports went.
public struct TerminalReport {
    public var useColor: Bool

    public init(useColor: Bool) { self.useColor = useColor }

    public func render(_ report: FlakeReport) -> String {
        let confidence = Formatting.confidenceLabel(report.configuration.confidence)
        let rows = report.tests.map { test in
            [
                (test.strategy.map { "[\($0)] " } ?? "") + test.id,
                "\(test.passed)/\(test.countedRuns)",
                Formatting.percent(test.passRate),
                Formatting.interval(test.passRateInterval),
                Formatting.seconds(test.durations?.median),
                paint(test.verdict),
            ]
        }
        var text = TerminalTable(
            headers: ["Test", "Passed", "Pass rate", "\(confidence) CI", "Median", "Verdict"],
            rows: rows, rightAligned: [1, 2, 4]
        ).render()
        for test in report.tests where !test.failures.isEmpty && test.verdict != .stable {
            let top = test.failures[0]
            let firstLine = top.message.split(separator: "\n").first.map(String.init) ?? top.message
            text += "\n\(test.id): \(top.count)x \(firstLine)" + (top.location.map { " (\($0))" } ?? "")
            if let suggestion = test.suggestion { text += "\n  hint: \(suggestion)" }
        }
        if report.tests.contains(where: { !$0.failures.isEmpty && $0.verdict != .stable }) { text += "\n" }
        for test in report.tests {
            switch test.baseline?.state {
            case .fixed?: text += "\(test.id): stable now; fixed, remove it from the baseline\n"
            case .expired?: text += "\(test.id): baseline entry expired on \(test.baseline?.expires ?? "?"); it counts again\n"
            case .knownFlaky?: text += "\(test.id): in the baseline (\(test.baseline?.reason ?? "known flaky")); not gated\n"
            case nil: break
            }
        }
        let summary = report.summary
        text += "\n\(summary.tests) tests: \(summary.stable) stable, \(summary.flaky) flaky, "
            + "\(summary.failing) failing, \(summary.skipped) skipped"
            + (summary.notRun > 0 ? ", \(summary.notRun) not run" : "")
            + " (\(report.runs.count) runs in \(Formatting.seconds(report.wallSeconds)))\n"
        if report.interrupted { text += "Interrupted: the numbers cover only the runs that finished.\n" }
        return text
    }

    func paint(_ verdict: Verdict) -> String {
        guard useColor else { return verdict.rawValue }
        let code = switch verdict {
        case .stable: "32"
        case .flaky: "33"
        case .failing, .notRun: "31"
        case .skipped: "90"
        }
        return "\u{1B}[\(code)m\(verdict.rawValue)\u{1B}[0m"
    }
}
