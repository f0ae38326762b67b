import Foundation

public enum AlertSeverity: Int, Comparable, Sendable {
    case info
    case warning
    case critical

    public static func < (lhs: AlertSeverity, rhs: AlertSeverity) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// Something the grower must hear about: frost, leaks, a failing pump.
public struct IrrigationAlert: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case frostRisk(airTemperature: Double)
        case unexpectedFlow(litersPerMinute: Double)
        case pumpFault(String)
        case drySpell(ZoneID)
        case sensorOffline(ZoneID)
    }

    public let kind: Kind
    public let severity: AlertSeverity
    public let source: String
    public let raisedAt: Date

    public init(kind: Kind, severity: AlertSeverity, source: String, raisedAt: Date) {
        self.kind = kind
        self.severity = severity
        self.source = source
        self.raisedAt = raisedAt
    }
}

/// Receives alerts (pager, SMS gateway, the on-site panel, ...).
///
/// `deliver` is synchronous because some sinks sit on hardware interrupt paths.
public protocol AlertSink: AnyObject, Sendable {
    func deliver(_ alert: IrrigationAlert)
}
