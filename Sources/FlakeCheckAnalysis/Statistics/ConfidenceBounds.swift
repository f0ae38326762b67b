import FlakeCheckModel
import Foundation

/// What a run of clean results proves.
package enum ConfidenceBounds {
    /// The exact (Clopper-Pearson) one-sided upper bound on the failure rate after `cleanRuns` runs
    /// without a failure: the largest rate p for which seeing no failure still had probability
    /// 1 - confidence, i.e. (1 - p)^n = 1 - confidence. 100 clean runs give 2.95% at 95%.
    package static func failureRateUpperBound(cleanRuns: Int, confidence: Double) -> Double {
        guard cleanRuns > 0 else { return 1 }
        return 1 - pow(1 - confidence, 1 / Double(cleanRuns))
    }

    /// How many clean runs prove a failure rate below `target` at `confidence`: the smallest n with
    /// (1 - target)^n <= 1 - confidence. 299 runs for 1% at 95%.
    package static func cleanRunsNeeded(toProveBelow target: Double, confidence: Double) -> Int {
        guard target > 0, target < 1 else { return 0 }
        return Int((log(1 - confidence) / log(1 - target)).rounded(.up))
    }

    /// The exact two-sided (Clopper-Pearson) interval of a proportion: `events` of `trials`. Found by
    /// bisection on the binomial distribution, so it needs no incomplete-beta inverse; exact to 1e-10.
    package static func clopperPearson(events: Int, trials: Int, confidence: Double) -> ProportionInterval {
        guard trials > 0 else { return ProportionInterval(lower: 0, upper: 1, confidence: confidence) }
        let tail = (1 - confidence) / 2
        // The binomial coefficients do not depend on p: computed once, not once per bisection step, so a
        // test with tens of thousands of runs (a long saved log) costs milliseconds.
        let coefficients = logBinomialCoefficients(trials, upTo: min(events, trials - 1))
        let lower = events == 0 ? 0 : bisect { p in binomialCDF(events - 1, trials, p, coefficients) > 1 - tail }
        let upper = events == trials ? 1 : bisect { p in binomialCDF(events, trials, p, coefficients) > tail }
        return ProportionInterval(lower: lower, upper: upper, confidence: confidence)
    }

    /// The largest p in [0, 1] for which `isBelow(p)` still holds (it must hold at 0 and fail at 1).
    private static func bisect(_ isBelow: (Double) -> Bool) -> Double {
        var low = 0.0
        var high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if isBelow(middle) { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// log C(n, i) for i in 0...k.
    static func logBinomialCoefficients(_ n: Int, upTo k: Int) -> [Double] {
        guard k >= 0 else { return [] }
        let logNFactorial: Double = lgamma(Double(n + 1))
        return (0...k).map { (i: Int) -> Double in
            let logIFactorial: Double = lgamma(Double(i + 1))
            let logRestFactorial: Double = lgamma(Double(n - i + 1))
            return logNFactorial - logIFactorial - logRestFactorial
        }
    }

    /// P(X <= k) for X ~ Binomial(n, p), summed in log space so n in the tens of thousands is fine.
    /// `logCoefficients` (log C(n, i) for i up to at least k) may be passed in when p varies and n does not.
    static func binomialCDF(_ k: Int, _ n: Int, _ p: Double, _ logCoefficients: [Double]? = nil) -> Double {
        guard k >= 0 else { return 0 }
        guard k < n else { return 1 }
        if p <= 0 { return 1 }
        if p >= 1 { return 0 }
        let coefficients = logCoefficients ?? logBinomialCoefficients(n, upTo: k)
        let logP = log(p)
        let logQ = log1p(-p)
        var total = 0.0
        for i in 0...k {
            total += exp(coefficients[i] + Double(i) * logP + Double(n - i) * logQ)
        }
        return min(1, total)
    }
}
