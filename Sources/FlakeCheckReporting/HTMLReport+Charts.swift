import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// The inline SVG pieces of `report.html` (strategy chart, pass-rate bars, run strips, duration
/// histograms) and the verdict badge. They are drawn by hand rather than with a charting library so the
/// page stays self-contained and the output deterministic; keeping the coordinate arithmetic here
/// separates it from the markup of the sections that use it.
extension HTMLReport {
    /// Horizontal bars of each strategy's pass rate with its confidence interval as whiskers, twice: a
    /// wide chart (names beside the bars, the label column as wide as the longest name, never cut) and
    /// a narrow one for phones (names above the bars); CSS shows the one that fits.
    func strategyChart(_ strategies: [StrategySummary]) -> String {
        let longest = strategies.map(\.name.count).max() ?? 0
        let labelWidth = Double(max(80, longest * 7 + 16))
        return chart(strategies, css: "chart wide", labelWidth: labelWidth, plotWidth: 640, labelsAbove: false)
            + chart(strategies, css: "chart narrow", labelWidth: 0, plotWidth: 330, labelsAbove: true)
    }

    private func chart(
        _ strategies: [StrategySummary], css: String, labelWidth: Double, plotWidth: Double,
        labelsAbove: Bool
    ) -> String {
        let rowHeight = labelsAbove ? 40.0 : 28.0
        let barOffset = labelsAbove ? 18.0 : 0
        let left = labelsAbove ? 4.0 : labelWidth, right = left + plotWidth
        let width = right + 56
        let height = Double(strategies.count) * rowHeight + 24
        var svg =
            "<svg class=\"\(css)\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" role=\"img\" "
            + "aria-label=\"Pass rate per strategy with confidence intervals\">\n"
        for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let x = left + tick * plotWidth
            svg +=
                "<line class=\"grid\" x1=\"\(Self.number(x))\" y1=\"0\" x2=\"\(Self.number(x))\" y2=\"\(Self.number(height - 18))\"/>"
            // The end labels are anchored inside the plot, so neither is cut where the plot meets the
            // page's edge (the 0% label was, on a 500 px screen).
            let anchor = tick == 0 ? "start" : tick == 1 ? "end" : "middle"
            svg +=
                "<text class=\"axis\" x=\"\(Self.number(x))\" y=\"\(Self.number(height - 4))\" text-anchor=\"\(anchor)\">\(Int(tick * 100))%</text>\n"
        }
        for (row, strategy) in strategies.enumerated() {
            let y = Double(row) * rowHeight + 4 + barOffset
            svg +=
                "<g><title>\(Markup.text("\(strategy.name): \(Formatting.percent(strategy.passRate)), CI \(Formatting.interval(strategy.passRateInterval))"))</title>"
            svg +=
                labelsAbove
                ? "<text class=\"label\" x=\"\(Self.number(left))\" y=\"\(Self.number(y - 3))\">\(Markup.text(strategy.name))</text>"
                : "<text class=\"label\" x=\"\(Self.number(left - 8))\" y=\"\(Self.number(y + 15))\" text-anchor=\"end\">\(Markup.text(strategy.name))</text>"
            svg +=
                "<rect class=\"track\" x=\"\(Self.number(left))\" y=\"\(Self.number(y + 3))\" width=\"\(Self.number(plotWidth))\" height=\"16\" rx=\"2\"/>"
            if let rate = strategy.passRate {
                svg +=
                    "<rect class=\"bar "
                    + "v-\(strategy.verdict.rawValue)\" x=\"\(Self.number(left))\" y=\"\(Self.number(y + 3))\" "
                    + "width=\"\(Self.number(rate * plotWidth))\" height=\"16\" rx=\"2\"/>"
                let low = left + strategy.passRateInterval.lower * plotWidth
                let high = left + strategy.passRateInterval.upper * plotWidth
                svg +=
                    "<path class=\"whisker\" d=\"M\(Self.number(low)) \(Self.number(y + 11))H\(Self.number(high))"
                    + "M\(Self.number(low)) \(Self.number(y + 5))v12M\(Self.number(high)) \(Self.number(y + 5))v12\"/>"
            }
            svg +=
                "<text class=\"value\" x=\"\(Self.number(right + 8))\" y=\"\(Self.number(y + 15))\">\(Formatting.percent(strategy.passRate))</text></g>\n"
        }
        return svg + "</svg>\n"
    }

    func badge(_ verdict: Verdict) -> String {
        "<span class=\"badge v-\(verdict.rawValue)\">\(Self.verdictLabel(verdict))</span>"
    }

    /// A 0-100% track, the pass rate as a bar and the confidence interval as whiskers.
    func rateBar(_ rate: Double?, _ interval: ProportionInterval, verdict: Verdict) -> String {
        var svg =
            "<svg class=\"ratebar\" viewBox=\"0 0 104 14\" width=\"104\" height=\"14\" role=\"img\" "
            + "aria-label=\"\(Markup.attribute("pass rate \(Formatting.percent(rate)), \(Formatting.confidenceLabel(interval.confidence)) CI \(Formatting.interval(interval))"))\">"
        svg += "<rect class=\"track\" x=\"2\" y=\"3\" width=\"100\" height=\"8\" rx=\"1\"/>"
        if let rate {
            svg +=
                "<rect class=\"bar "
                + "v-\(verdict.rawValue)\" x=\"2\" y=\"3\" width=\"\(Self.number(rate * 100))\" height=\"8\" rx=\"1\"/>"
            let low = 2 + interval.lower * 100, high = 2 + interval.upper * 100
            svg +=
                "<path class=\"whisker\" d=\"M\(Self.number(low)) 7H\(Self.number(high))M\(Self.number(low)) 1.5v11"
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
        var svg =
            "<svg class=\"strip\" viewBox=\"0 0 \(count) 1\" preserveAspectRatio=\"none\" "
            + "style=\"width:min(100%,\(count * 10)px)\" role=\"img\" "
            + "aria-label=\"\(Markup.attribute("outcomes by run: " + Self.historySummary(symbols)))\">"
        var start = 0
        while start < count {
            var end = start + 1
            if !separate { while end < count && symbols[end] == symbols[start] { end += 1 } }
            let outcome = Self.outcome(symbols[start])
            let label =
                end - start == 1 ? "run \(start + 1): \(outcome.label)" : "runs \(start + 1)–\(end): \(outcome.label)"
            svg +=
                "<rect class=\"o-\(outcome.css)\" x=\"\(start)\" y=\"0\" width=\"\(Self.number(Double(end - start) - gap))\" height=\"1\">"
                + "<title>\(label)</title></rect>"
            start = end
        }
        return svg + "</svg>"
    }

    /// Durations as a histogram with a count axis. When the slowest run took at least 20 times the fastest
    /// (a hang among quick runs), the time axis is logarithmic, so the quick runs are not one bar.
    package func histogram(_ samples: [Double], statistics: DurationStatistics) -> String {
        let width = 300.0, plotLeft = 26.0, plotTop = 6.0, plotHeight = 68.0
        let plotWidth = width - plotLeft
        let low = statistics.min, high = statistics.max
        let logarithmic = low > 0 && high / low >= 20
        let scale: (Double) -> Double = logarithmic ? { log($0) } : { $0 }
        let scaledLow = scale(max(low, .leastNonzeroMagnitude)), scaledHigh = scale(max(high, .leastNonzeroMagnitude))
        let spread = scaledHigh - scaledLow
        let binCount = spread > 0 ? max(1, min(30, Int(Double(samples.count).squareRoot().rounded(.up)))) : 1
        var counts = Array(repeating: 0, count: binCount)
        for sample in samples {
            let bin = spread > 0 ? Int((scale(max(sample, low)) - scaledLow) / spread * Double(binCount)) : 0
            counts[min(binCount - 1, max(0, bin))] += 1
        }
        let tallest = counts.max() ?? 1
        let binWidth = plotWidth / Double(binCount)
        let unscale: (Double) -> Double = logarithmic ? { exp($0) } : { $0 }
        let x: (Double) -> Double = {
            plotLeft + (spread > 0 ? (scale(max($0, low)) - scaledLow) / spread * plotWidth : 0)
        }
        var svg =
            "<svg class=\"histogram\" viewBox=\"0 0 300 "
            + "92\" role=\"img\" aria-label=\"\(Markup.attribute("duration histogram\(logarithmic ? " (log scale)" : ""), median \(Formatting.seconds(statistics.median))"))\">"
        let baseline = plotTop + plotHeight
        svg +=
            "<line class=\"axisline\" x1=\"\(Self.number(plotLeft))\" y1=\"\(Self.number(baseline))\" x2=\"300\" y2=\"\(Self.number(baseline))\"/>"
        svg +=
            "<line class=\"axisline\" x1=\"\(Self.number(plotLeft))\" y1=\"\(Self.number(plotTop))\" x2=\"\(Self.number(plotLeft))\" y2=\"\(Self.number(baseline))\"/>"
        svg +=
            "<text class=\"axis\" x=\"\(Self.number(plotLeft - 3))\" y=\"\(Self.number(plotTop + 7))\" text-anchor=\"end\">\(tallest)</text>"
        svg +=
            "<text class=\"axis\" x=\"\(Self.number(plotLeft - 3))\" y=\"\(Self.number(baseline))\" text-anchor=\"end\">0</text>"
        for (bin, count) in counts.enumerated() where count > 0 {
            let barHeight = max(1, plotHeight * Double(count) / Double(tallest))
            let from = unscale(scaledLow + spread * Double(bin) / Double(binCount))
            let to = unscale(scaledLow + spread * Double(bin + 1) / Double(binCount))
            let range = spread > 0 ? "\(Formatting.seconds(from))–\(Formatting.seconds(to))" : Formatting.seconds(low)
            svg +=
                "<rect class=\"hbar\" x=\"\(Self.number(plotLeft + Double(bin) * binWidth + 0.5))\" y=\"\(Self.number(baseline - barHeight))\" "
                + "width=\"\(Self.number(max(0.5, binWidth - 1)))\" height=\"\(Self.number(barHeight))\">"
                + "<title>\(range): \(Formatting.count(count, "run"))</title></rect>"
        }
        if spread > 0 {
            for (value, css) in [(statistics.median, "median"), (statistics.p90, "p90")] {
                svg +=
                    "<line class=\"\(css)\" x1=\"\(Self.number(x(value)))\" y1=\"0\" x2=\"\(Self.number(x(value)))\" y2=\"\(Self.number(baseline))\"/>"
            }
        }
        svg += "<text class=\"axis\" x=\"\(Self.number(plotLeft))\" y=\"89\">\(Formatting.seconds(low))</text>"
        if spread > 0 {
            if logarithmic {
                svg +=
                    "<text class=\"axis\" x=\"\(Self.number(plotLeft + plotWidth / 2))\" y=\"89\" text-anchor=\"middle\">"
                    + "\(Formatting.seconds(unscale((scaledLow + scaledHigh) / 2))) · log scale</text>"
            }
            svg += "<text class=\"axis\" x=\"300\" y=\"89\" text-anchor=\"end\">\(Formatting.seconds(high))</text>"
        }
        return svg + "</svg>\n"
    }

    // MARK: - Helpers

    package static func outcome(_ symbol: Character) -> (css: String, label: String) {
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
    package static func number(_ value: Double, digits: Int = 2) -> String {
        var text = Formatting.fixed(value, decimals: digits)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
