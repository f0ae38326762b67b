import FlakeCheckModel
import Foundation

/// Number formatting shared by every human-readable report, so all of them say the same thing the same way.
package enum Formatting {
    /// "1 run", "2 runs": every count printed next to a noun agrees with it.
    package static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? singular : plural ?? singular + "s")
    }

    /// `2.95%`: always two decimals, for bounds and rates where the digits matter.
    package static func percentage(_ value: Double) -> String {
        fixed(value * 100, decimals: 2) + "%"
    }

    /// `93.0%`; `100%` and `0%` without decimals.
    package static func percent(_ value: Double?) -> String {
        guard let value else { return "n/a" }
        if value >= 1 { return "100%" }
        if value <= 0 { return "0%" }
        return fixed(value * 100, decimals: 1) + "%"
    }

    /// `86.3%-96.6%`
    package static func interval(_ interval: ProportionInterval) -> String {
        "\(percent(interval.lower))-\(percent(interval.upper))"
    }

    /// `0.004 s`, `1.25 s`, `12 ms` style: milliseconds under a second.
    package static func seconds(_ value: Double?) -> String {
        guard let value else { return "-" }
        if value < 1 { return fixed(value * 1000, decimals: 1) + " ms" }
        return fixed(value, decimals: 2) + " s"
    }

    package static func confidenceLabel(_ confidence: Double) -> String {
        let percent = confidence * 100
        return percent == percent.rounded() ? "\(Int(percent))%" : fixed(percent, decimals: 1) + "%"
    }

    /// `value` with `decimals` digits after the point, as `String(format: "%.Nf")` writes it (C's own
    /// rounding), without Foundation's format machinery: a report of thousands of tests formats tens
    /// of thousands of numbers, and `String(format:)` was a tenth of `parse`'s time.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        precondition((0...17).contains(decimals), "decimals must be 0 to 17")
        var buffer = [CChar](repeating: 0, count: 32)
        let written = withVaList([value]) { arguments in
            buffer.withUnsafeMutableBufferPointer {
                vsnprintf($0.baseAddress, $0.count, fixedFormats[decimals], arguments)
            }
        }
        guard written >= 0 else { return String(format: "%.\(decimals)f", value) }
        if Int(written) >= buffer.count {
            // Only huge magnitudes need more room than the buffer.
            buffer = [CChar](repeating: 0, count: Int(written) + 1)
            _ = withVaList([value]) { arguments in
                buffer.withUnsafeMutableBufferPointer {
                    vsnprintf($0.baseAddress, $0.count, fixedFormats[decimals], arguments)
                }
            }
        }
        return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static let fixedFormats: [String] = (0...17).map { "%.\($0)f" }
}
