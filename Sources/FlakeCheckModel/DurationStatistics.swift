/// Summary of a test's durations across runs, in seconds.
public struct DurationStatistics: Equatable, Codable, Sendable {
    public var min: Double
    public var median: Double
    public var p90: Double
    public var max: Double
    public var mean: Double

    package init(min: Double, median: Double, p90: Double, max: Double, mean: Double) {
        self.min = min
        self.median = median
        self.p90 = p90
        self.max = max
        self.mean = mean
    }

    /// Nil when there are no samples. Percentiles interpolate linearly between order statistics
    /// (the same rule as numpy's default), so the median of an even count is the mean of the middle two.
    public init?(samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        self.init(
            min: sorted[0],
            median: DurationStatistics.percentile(0.5, ofSorted: sorted),
            p90: DurationStatistics.percentile(0.9, ofSorted: sorted),
            max: sorted[sorted.count - 1],
            mean: sorted.reduce(0, +) / Double(sorted.count)
        )
    }

    static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double {
        let position = fraction * Double(sorted.count - 1)
        let lowerIndex = Int(position.rounded(.down))
        let upperIndex = Swift.min(lowerIndex + 1, sorted.count - 1)
        let weight = position - Double(lowerIndex)
        return sorted[lowerIndex] + (sorted[upperIndex] - sorted[lowerIndex]) * weight
    }
}

extension DurationStatistics: JSONMembers {
    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }

    package func visitMembers<Visitor: JSONMemberVisitor>(_ visitor: inout Visitor) throws {
        try visitor.member("max", max)
        try visitor.member("mean", mean)
        try visitor.member("median", median)
        try visitor.member("min", min)
        try visitor.member("p90", p90)
    }
}
