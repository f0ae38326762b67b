import Foundation

/// An amount in minor units (cents). All pricing maths is done in integers.
public struct Money: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var cents: Int

    public init(cents: Int) {
        self.cents = cents
    }

    public static let zero = Money(cents: 0)

    public static func dollars(_ dollars: Int, cents: Int = 0) -> Money {
        Money(cents: dollars * 100 + cents)
    }

    public static func + (lhs: Money, rhs: Money) -> Money {
        Money(cents: lhs.cents + rhs.cents)
    }

    public static func - (lhs: Money, rhs: Money) -> Money {
        Money(cents: lhs.cents - rhs.cents)
    }

    public static func * (lhs: Money, rhs: Int) -> Money {
        Money(cents: lhs.cents * rhs)
    }

    public static func += (lhs: inout Money, rhs: Money) {
        lhs.cents += rhs.cents
    }

    public static func < (lhs: Money, rhs: Money) -> Bool {
        lhs.cents < rhs.cents
    }

    /// Applies a rate expressed in basis points (1/100 of a percent), rounding half up.
    public func applying(basisPoints: Int) -> Money {
        Money(cents: (cents * basisPoints + 5_000) / 10_000)
    }

    public var description: String {
        let sign = cents < 0 ? "-" : ""
        let absolute = abs(cents)
        let remainder = absolute % 100
        let padding = remainder < 10 ? "0" : ""
        return "\(sign)$\(absolute / 100).\(padding)\(remainder)"
    }
}
