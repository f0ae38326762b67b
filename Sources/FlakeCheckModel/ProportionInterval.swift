import Foundation

/// A confidence interval on a proportion (here: a pass rate).
public struct ProportionInterval: Hashable, Codable, Sendable {
    public var lower: Double
    public var upper: Double
    public var confidence: Double

    package init(lower: Double, upper: Double, confidence: Double) {
        self.lower = lower
        self.upper = upper
        self.confidence = confidence
    }
}

extension ProportionInterval: JSONMembers {
    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }

    package func visitMembers<Visitor: JSONMemberVisitor>(_ visitor: inout Visitor) throws {
        try visitor.member("confidence", confidence)
        try visitor.member("lower", lower)
        try visitor.member("upper", upper)
    }
}
