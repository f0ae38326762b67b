import Foundation

/// Frequent-flyer tier; drives boarding group and standby priority.
public enum LoyaltyTier: Int, Sendable, Comparable, CaseIterable {
    case none = 0
    case silver
    case gold
    case platinum

    public static func < (lhs: LoyaltyTier, rhs: LoyaltyTier) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

public struct Passenger: Hashable, Sendable, Identifiable {
    /// Record locator plus passenger index, e.g. "QX7P2L-1".
    public let id: String
    public var fullName: String
    public var tier: LoyaltyTier

    public init(id: String, fullName: String, tier: LoyaltyTier = .none) {
        self.id = id
        self.fullName = fullName
        self.tier = tier
    }
}

/// Where a boarding pass was issued.
public enum IssueChannel: String, Sendable {
    case mobile
    case kiosk
    case agent
}
