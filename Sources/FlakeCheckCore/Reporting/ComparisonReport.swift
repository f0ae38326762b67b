/// The side-by-side table of a `compare` or `demo` run, followed by one plain sentence per strategy.
public struct ComparisonReport {
    public init() {}

    public func render(_ report: FlakeReport) -> String {
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
        var text = "\nStrategies (a run passes when all of the strategy's tests pass):\n"
        text += TerminalTable(
            headers: ["Strategy", "Passed", "Pass rate", "\(confidence) CI", "Median", "p90", "Verdict", "Hint"],
            rows: rows, rightAligned: [1, 2, 4, 5]
        ).render()
        text += "\n" + strategies.map(\.statement).joined(separator: "\n") + "\n"
        return text
    }
}
