import Foundation

/// A confidence interval on a proportion (here: a pass rate).
public struct ProportionInterval: Equatable, Codable, Sendable {
    public var lower: Double
    public var upper: Double
    public var confidence: Double

    public init(lower: Double, upper: Double, confidence: Double) {
        self.lower = lower
        self.upper = upper
        self.confidence = confidence
    }
}
