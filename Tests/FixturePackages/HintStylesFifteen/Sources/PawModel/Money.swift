import Foundation

/// US-dollar amounts kept in whole cents.
public struct Money: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var cents: Int

    public init(cents: Int) { self.cents = cents }

    public static let zero = Money(cents: 0)

    public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
    public static func - (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents - rhs.cents) }
    public static func * (lhs: Money, rhs: Int) -> Money { Money(cents: lhs.cents * rhs) }
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }

    /// Scales by `percent`/100, rounding half up to the nearest cent.
    public func percent(_ percent: Int) -> Money {
        Money(cents: (cents * percent + 50) / 100)
    }

    /// Scales by a fractional rate, rounding to the nearest cent.
    public func scaled(by rate: Double) -> Money {
        Money(cents: Int((Double(cents) * rate).rounded()))
    }

    public var description: String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = abs(cents)
        return "\(sign)$\(magnitude / 100).\(String(format: "%02d", magnitude % 100))"
    }
}
