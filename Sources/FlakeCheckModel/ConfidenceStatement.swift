import Foundation

/// What a test's runs prove, in numbers (Reporting words them): for a test that never failed, the exact
/// upper bound on its failure rate and how many clean runs would prove the target; for one that failed,
/// the exact interval of its failure rate.
public struct ConfidenceStatement: Equatable, Codable, Sendable {
    /// Clopper-Pearson one-sided upper bound, for tests with no failure in the counted runs.
    public var failureRateUpperBound: Double?
    /// Clopper-Pearson two-sided interval of the failure rate, for tests that failed at least once.
    public var failureRateInterval: ProportionInterval?
    public var targetFailureRate: Double
    /// Total clean runs needed to prove a failure rate below the target (nil once proven or when it failed).
    public var cleanRunsNeeded: Int?

    package init(
        failureRateUpperBound: Double? = nil, failureRateInterval: ProportionInterval? = nil, targetFailureRate: Double,
        cleanRunsNeeded: Int? = nil
    ) {
        self.failureRateUpperBound = failureRateUpperBound
        self.failureRateInterval = failureRateInterval
        self.targetFailureRate = targetFailureRate
        self.cleanRunsNeeded = cleanRunsNeeded
    }
}

extension ConfidenceStatement: JSONMembers {
    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }

    package func visitMembers<Visitor: JSONMemberVisitor>(_ visitor: inout Visitor) throws {
        try visitor.memberIfPresent("cleanRunsNeeded", cleanRunsNeeded)
        try visitor.memberIfPresent("failureRateInterval", failureRateInterval)
        try visitor.memberIfPresent("failureRateUpperBound", failureRateUpperBound)
        try visitor.member("targetFailureRate", targetFailureRate)
    }
}
