import FlakeCheckModel
import Foundation

extension ProportionInterval {
    /// The Wilson score interval. Chosen over the textbook normal approximation because it stays inside
    /// [0, 1] and is still informative at 0 or n successes, which is exactly where flaky-test data lives
    /// (100 of 100 passes, 0 of 100 passes). With no trials it is the whole of [0, 1].
    package static func wilson(successes: Int, trials: Int, confidence: Double = 0.95) -> ProportionInterval {
        guard trials > 0 else { return ProportionInterval(lower: 0, upper: 1, confidence: confidence) }
        let n = Double(trials)
        let p = Double(successes) / n
        let z = NormalDistribution.quantile(1 - (1 - confidence) / 2)
        let z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let halfWidth = (z / (1 + z2 / n)) * ((p * (1 - p) / n + z2 / (4 * n * n)).squareRoot())
        // Clamp the exact edges so that 100/100 reports an upper bound of exactly 1, not 0.9999999.
        let lower = successes == 0 ? 0 : max(0, centre - halfWidth)
        let upper = successes == trials ? 1 : min(1, centre + halfWidth)
        return ProportionInterval(lower: lower, upper: upper, confidence: confidence)
    }
}
