import Foundation

/// Number formatting shared by every human-readable report, so all of them say the same thing the same way.
public enum Formatting {
    /// "1 run", "2 runs": every count printed next to a noun agrees with it.
    static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? singular : plural ?? singular + "s")
    }

    /// `2.95%`: always two decimals, for bounds and rates where the digits matter.
    public static func percentage(_ value: Double) -> String {
        String(format: "%.2f%%", value * 100)
    }

    /// `93.0%`; `100%` and `0%` without decimals.
    public static func percent(_ value: Double?) -> String {
        guard let value else { return "n/a" }
        if value >= 1 { return "100%" }
        if value <= 0 { return "0%" }
        return String(format: "%.1f%%", value * 100)
    }

    /// `86.3%-96.6%`
    public static func interval(_ interval: ProportionInterval) -> String {
        "\(percent(interval.lower))-\(percent(interval.upper))"
    }

    /// `0.004 s`, `1.25 s`, `12 ms` style: milliseconds under a second.
    public static func seconds(_ value: Double?) -> String {
        guard let value else { return "-" }
        if value < 1 { return String(format: "%.1f ms", value * 1000) }
        return String(format: "%.2f s", value)
    }

    public static func confidenceLabel(_ confidence: Double) -> String {
        let percent = confidence * 100
        return percent == percent.rounded() ? "\(Int(percent))%" : String(format: "%.1f%%", percent)
    }
}
