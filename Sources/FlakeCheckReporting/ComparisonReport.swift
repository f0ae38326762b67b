import FlakeCheckModel
import FlakeCheckSupport

/// One plain sentence per strategy of a `compare` or `demo` run, then the side-by-side table.
package struct ComparisonReport {
    /// The terminal's width: past it, the p90, median and interval columns go, in that order.
    package var width: Int?

    package init(width: Int? = nil) {
        self.width = width
    }

    package func render(_ report: FlakeReport) -> String {
        guard let strategies = report.strategies, !strategies.isEmpty else { return "" }
        let confidence = Formatting.confidenceLabel(report.configuration.confidence)
        let rows = strategies.map { strategy in
            [
                strategy.name,
                "\(strategy.passed)/\(strategy.passed + strategy.failed)",
                Formatting.percent(strategy.passRate),
                Formatting.interval(strategy.passRateInterval),
                Formatting.seconds(strategy.durations?.median),
                Formatting.seconds(strategy.durations?.p90),
                strategy.verdict.rawValue,
                strategy.hints.joined(separator: ", "),
            ]
        }
        let statements = strategies.map { (strategy: StrategySummary) -> String in
            guard let width else { return strategy.statement }
            return WordWrap.wrap(strategy.statement, width: width, indent: 2)
        }
        // The sentences first and the table last, so the table is what stays on the screen.
        var text = "\n" + statements.joined(separator: "\n") + "\n"
        text += "\nStrategies (a run passes when all of the strategy's tests pass):\n"
        text += TerminalTable(
            headers: ["Strategy", "Passed", "Pass rate", "\(confidence) CI", "Median", "p90", "Verdict", "Hint"],
            rows: rows, rightAligned: [1, 2, 4, 5], maximumWidth: width, optionalColumns: [5, 4, 3]
        ).render()
        return text
    }
}
