import Foundation

/// The inline SVG pieces of `report.html` (strategy chart, pass-rate bars, run strips, duration
/// histograms) and the verdict badge. They are drawn by hand rather than with a charting library so the
/// page stays self-contained and the output deterministic; keeping the coordinate arithmetic here
/// separates it from the markup of the sections that use it.
extension HTMLReport {
    /// Horizontal bars of each strategy's pass rate with its confidence interval as whiskers.
    func strategyChart(_ strategies: [StrategySummary]) -> String {
        let rowHeight = 28.0
        let left = 170.0, right = 540.0, plotWidth = right - left
        let height = Double(strategies.count) * rowHeight + 24
        var svg = "<svg class=\"chart\" viewBox=\"0 0 620 \(Self.number(height))\" role=\"img\" "
            + "aria-label=\"Pass rate per strategy with confidence intervals\">\n"
        for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let x = left + tick * plotWidth
            svg += "<line class=\"grid\" x1=\"\(Self.number(x))\" y1=\"0\" x2=\"\(Self.number(x))\" y2=\"\(Self.number(height - 18))\"/>"
            svg += "<text class=\"axis\" x=\"\(Self.number(x))\" y=\"\(Self.number(height - 4))\" text-anchor=\"middle\">\(Int(tick * 100))%</text>\n"
        }
        for (row, strategy) in strategies.enumerated() {
            let y = Double(row) * rowHeight + 4
            let label = strategy.name.count > 24 ? String(strategy.name.prefix(23)) + "…" : strategy.name
            svg += "<g><title>\(Markup.text("\(strategy.name): \(Formatting.percent(strategy.passRate)), CI \(Formatting.interval(strategy.passRateInterval))"))</title>"
            svg += "<text class=\"label\" x=\"\(Self.number(left - 8))\" y=\"\(Self.number(y + 15))\" text-anchor=\"end\">\(Markup.text(label))</text>"
            svg += "<rect class=\"track\" x=\"\(Self.number(left))\" y=\"\(Self.number(y + 3))\" width=\"\(Self.number(plotWidth))\" height=\"16\" rx=\"2\"/>"
            if let rate = strategy.passRate {
                svg += "<rect class=\"bar v-\(strategy.verdict.rawValue)\" x=\"\(Self.number(left))\" y=\"\(Self.number(y + 3))\" "
                    + "width=\"\(Self.number(rate * plotWidth))\" height=\"16\" rx=\"2\"/>"
                let low = left + strategy.passRateInterval.lower * plotWidth
                let high = left + strategy.passRateInterval.upper * plotWidth
                svg += "<path class=\"whisker\" d=\"M\(Self.number(low)) \(Self.number(y + 11))H\(Self.number(high))"
                    + "M\(Self.number(low)) \(Self.number(y + 5))v12M\(Self.number(high)) \(Self.number(y + 5))v12\"/>"
            }
            svg += "<text class=\"value\" x=\"\(Self.number(right + 8))\" y=\"\(Self.number(y + 15))\">\(Formatting.percent(strategy.passRate))</text></g>\n"
        }
        return svg + "</svg>\n"
    }

    func badge(_ verdict: Verdict) -> String {
        "<span class=\"badge v-\(verdict.rawValue)\">\(Self.verdictLabel(verdict))</span>"
    }

    /// A 0-100% track, the pass rate as a bar and the confidence interval as whiskers.
    func rateBar(_ rate: Double?, _ interval: ProportionInterval, verdict: Verdict) -> String {
        var svg = "<svg class=\"ratebar\" viewBox=\"0 0 104 14\" width=\"104\" height=\"14\" role=\"img\" "
            + "aria-label=\"\(Markup.attribute("pass rate \(Formatting.percent(rate)), \(Formatting.confidenceLabel(interval.confidence)) CI \(Formatting.interval(interval))"))\">"
        svg += "<rect class=\"track\" x=\"2\" y=\"3\" width=\"100\" height=\"8\" rx=\"1\"/>"
        if let rate {
            svg += "<rect class=\"bar v-\(verdict.rawValue)\" x=\"2\" y=\"3\" width=\"\(Self.number(rate * 100))\" height=\"8\" rx=\"1\"/>"
            let low = 2 + interval.lower * 100, high = 2 + interval.upper * 100
            svg += "<path class=\"whisker\" d=\"M\(Self.number(low)) 7H\(Self.number(high))M\(Self.number(low)) 1.5v11"
                + "M\(Self.number(high)) 1.5v11\"/>"
        }
        return svg + "</svg>"
    }

    /// One cell per run in run order, coloured by outcome. Long histories merge neighbouring runs with
    /// the same outcome into one rectangle, so 10,000 runs stay small.
    func runStrip(_ history: String) -> String {
        let symbols = Array(history)
        guard !symbols.isEmpty else { return "<span class=\"muted\">no runs</span>" }
        let count = symbols.count
        let separate = count <= 60
        let gap = separate && count > 1 ? 0.12 : 0
        var svg = "<svg class=\"strip\" viewBox=\"0 0 \(count) 1\" preserveAspectRatio=\"none\" "
            + "style=\"width:min(100%,\(count * 10)px)\" role=\"img\" "
            + "aria-label=\"\(Markup.attribute("outcomes by run: " + Self.historySummary(symbols)))\">"
        var start = 0
        while start < count {
            var end = start + 1
            if !separate { while end < count && symbols[end] == symbols[start] { end += 1 } }
            let outcome = Self.outcome(symbols[start])
            let label = end - start == 1 ? "run \(start + 1): \(outcome.label)" : "runs \(start + 1)–\(end): \(outcome.label)"
            svg += "<rect class=\"o-\(outcome.css)\" x=\"\(start)\" y=\"0\" width=\"\(Self.number(Double(end - start) - gap))\" height=\"1\">"
                + "<title>\(label)</title></rect>"
            start = end
        }
        return svg + "</svg>"
    }

    func histogram(_ samples: [Double], statistics: DurationStatistics) -> String {
        let width = 300.0, plotTop = 4.0, plotHeight = 70.0
        let low = statistics.min, high = statistics.max
        let spread = high - low
        let binCount = spread > 0 ? max(1, min(30, Int(Double(samples.count).squareRoot().rounded(.up)))) : 1
        var counts = Array(repeating: 0, count: binCount)
        for sample in samples {
            let bin = spread > 0 ? Int((sample - low) / spread * Double(binCount)) : 0
            counts[min(binCount - 1, max(0, bin))] += 1
        }
        let tallest = Double(counts.max() ?? 1)
        let binWidth = width / Double(binCount)
        var svg = "<svg class=\"histogram\" viewBox=\"0 0 300 92\" role=\"img\" aria-label=\"\(Markup.attribute("duration histogram, median \(Formatting.seconds(statistics.median))"))\">"
        svg += "<line class=\"axisline\" x1=\"0\" y1=\"\(Self.number(plotTop + plotHeight))\" x2=\"300\" y2=\"\(Self.number(plotTop + plotHeight))\"/>"
        for (bin, count) in counts.enumerated() where count > 0 {
            let barHeight = max(1, plotHeight * Double(count) / tallest)
            let from = low + spread * Double(bin) / Double(binCount)
            let to = low + spread * Double(bin + 1) / Double(binCount)
            let range = spread > 0 ? "\(Formatting.seconds(from))–\(Formatting.seconds(to))" : Formatting.seconds(low)
            svg += "<rect class=\"hbar\" x=\"\(Self.number(Double(bin) * binWidth + 0.5))\" y=\"\(Self.number(plotTop + plotHeight - barHeight))\" "
                + "width=\"\(Self.number(max(0.5, binWidth - 1)))\" height=\"\(Self.number(barHeight))\">"
                + "<title>\(range): \(count) \(count == 1 ? "run" : "runs")</title></rect>"
        }
        if spread > 0 {
            for (value, css) in [(statistics.median, "median"), (statistics.p90, "p90")] {
                let x = (value - low) / spread * width
                svg += "<line class=\"\(css)\" x1=\"\(Self.number(x))\" y1=\"0\" x2=\"\(Self.number(x))\" y2=\"\(Self.number(plotTop + plotHeight))\"/>"
            }
        }
        svg += "<text class=\"axis\" x=\"0\" y=\"89\">\(Formatting.seconds(low))</text>"
        if spread > 0 {
            svg += "<text class=\"axis\" x=\"300\" y=\"89\" text-anchor=\"end\">\(Formatting.seconds(high))</text>"
        }
        return svg + "</svg>\n"
    }

    // MARK: - Helpers

    static func outcome(_ symbol: Character) -> (css: String, label: String) {
        switch symbol {
        case "P": ("p", "passed")
        case "F": ("f", "failed")
        case "C": ("c", "crashed")
        case "T": ("t", "timed out")
        case "S": ("s", "skipped")
        default: ("n", "not run")
        }
    }

    private static func historySummary(_ symbols: [Character]) -> String {
        let text = String(symbols.prefix(200))
        return symbols.count > 200 ? text + "…" : text
    }

    /// Coordinates and data attributes with at most `digits` decimals and no trailing zeros, so the
    /// SVG stays short and the same value always prints the same way.
    static func number(_ value: Double, digits: Int = 2) -> String {
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
