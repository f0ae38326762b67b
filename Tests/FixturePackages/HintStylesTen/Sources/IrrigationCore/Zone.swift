import Foundation

/// Identifies one irrigation zone (one bench or bed fed by one solenoid valve).
public struct ZoneID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public init(integerLiteral value: Int) {
        self.init(value)
    }

    public static func < (lhs: ZoneID, rhs: ZoneID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { "zone-\(rawValue)" }
}

/// A command sent to the valve manifold.
public enum ValveCommand: Hashable, Sendable, CustomStringConvertible {
    case open(ZoneID)
    case close(ZoneID)

    public var zone: ZoneID {
        switch self {
        case .open(let zone), .close(let zone):
            return zone
        }
    }

    public var isClose: Bool {
        if case .close = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .open(let zone): return "open \(zone)"
        case .close(let zone): return "close \(zone)"
        }
    }
}

/// One soil-moisture sample, as volumetric water content in percent.
public struct MoistureReading: Equatable, Sendable {
    public let zone: ZoneID
    public let volumetricWaterContent: Double
    public let takenAt: Date

    public init(zone: ZoneID, volumetricWaterContent: Double, takenAt: Date) {
        self.zone = zone
        self.volumetricWaterContent = volumetricWaterContent
        self.takenAt = takenAt
    }
}
