import Foundation

/// What a run of clean results proves.
public enum ConfidenceBounds {
    /// The exact (Clopper-Pearson) one-sided upper bound on the failure rate after `cleanRuns` runs
    /// without a failure: the largest rate p for which seeing no failure still had probability
    /// 1 - confidence, i.e. (1 - p)^n = 1 - confidence. 100 clean runs give 2.95% at 95%.
    public static func failureRateUpperBound(cleanRuns: Int, confidence: Double) -> Double {
        guard cleanRuns > 0 else { return 1 }
        return 1 - pow(1 - confidence, 1 / Double(cleanRuns))
    }
}
