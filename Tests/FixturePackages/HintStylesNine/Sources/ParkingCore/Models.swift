import Foundation

public struct ZoneID: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

public struct Zone: Hashable, Sendable, Identifiable {
    public let id: ZoneID
    public var name: String
    public var capacity: Int

    public init(id: ZoneID, name: String, capacity: Int) {
        self.id = id
        self.name = name
        self.capacity = capacity
    }
}

public struct ZoneSummary: Hashable, Sendable, Identifiable {
    public let id: ZoneID
    public var name: String
    public var freeSpaces: Int

    public init(id: ZoneID, name: String, freeSpaces: Int) {
        self.id = id
        self.name = name
        self.freeSpaces = freeSpaces
    }
}

public struct ZoneDetail: Hashable, Sendable {
    public let id: ZoneID
    public var hourlyRateCents: Int
    public var maxStay: Duration
    public var notes: [String]

    public init(id: ZoneID, hourlyRateCents: Int, maxStay: Duration, notes: [String] = []) {
        self.id = id
        self.hourlyRateCents = hourlyRateCents
        self.maxStay = maxStay
        self.notes = notes
    }
}

public struct ParkingSession: Hashable, Sendable, Identifiable {
    public let id: String
    public var plate: String
    public var zone: ZoneID
    public var allowance: Duration

    public init(id: String, plate: String, zone: ZoneID, allowance: Duration) {
        self.id = id
        self.plate = plate
        self.zone = zone
        self.allowance = allowance
    }
}

public struct Money: Hashable, Sendable, CustomStringConvertible {
    public var cents: Int
    public var currency: String

    public init(cents: Int, currency: String) {
        self.cents = cents
        self.currency = currency
    }

    public var description: String {
        String(format: "%@ %d.%02d", currency, cents / 100, cents % 100)
    }
}

public struct Receipt: Hashable, Sendable {
    public let sessionID: String
    public let gatewayReference: String
    public let amount: Money
    public let issuedBy: String

    public init(sessionID: String, gatewayReference: String, amount: Money, issuedBy: String) {
        self.sessionID = sessionID
        self.gatewayReference = gatewayReference
        self.amount = amount
        self.issuedBy = issuedBy
    }
}

public enum Region: String, Sendable, CaseIterable {
    case us, eu, uk

    public var currency: String {
        switch self {
        case .us: "USD"
        case .eu: "EUR"
        case .uk: "GBP"
        }
    }
}

extension Duration {
    /// Whole minutes, rounded down. Handy for user-facing copy.
    public var wholeMinutes: Int {
        Int(components.seconds / 60)
    }
}
