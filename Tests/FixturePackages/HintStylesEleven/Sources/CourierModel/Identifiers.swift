import Foundation

/// A strongly typed identifier. `Tag` is a phantom type so an order id can never be
/// passed where a courier id is expected.
public struct Identifier<Tag>: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }
}

public enum OrderTag {}
public enum CourierTag {}
public enum CustomerTag {}
public enum RestaurantTag {}

public typealias OrderID = Identifier<OrderTag>
public typealias CourierID = Identifier<CourierTag>
public typealias CustomerID = Identifier<CustomerTag>
public typealias RestaurantID = Identifier<RestaurantTag>
