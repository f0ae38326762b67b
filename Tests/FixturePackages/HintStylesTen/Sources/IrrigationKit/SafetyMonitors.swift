import Foundation
import IrrigationCore

/// Watches the air temperature probe and pages the grower before frost hits the lines.
public struct FrostGuard: AlertRaising {
    public let alerts: AlertCenter
    public var thresholdCelsius: Double

    public init(alerts: AlertCenter, thresholdCelsius: Double = 1.0) {
        self.alerts = alerts
        self.thresholdCelsius = thresholdCelsius
    }

    /// Returns true when an alert was raised.
    @discardableResult
    public func evaluate(airTemperature: Double) -> Bool {
        guard airTemperature <= thresholdCelsius else { return false }
        raise(.frostRisk(airTemperature: airTemperature), severity: .critical)
        return true
    }
}

/// Flags water flowing through the main line while every valve is shut.
public struct LeakDetector: AlertRaising {
    public let alerts: AlertCenter
    public var toleranceLitersPerMinute: Double

    public init(alerts: AlertCenter, toleranceLitersPerMinute: Double = 0.3) {
        self.alerts = alerts
        self.toleranceLitersPerMinute = toleranceLitersPerMinute
    }

    @discardableResult
    public func inspect(flowLitersPerMinute flow: Double, openZones: Set<ZoneID>) -> Bool {
        guard openZones.isEmpty, flow > toleranceLitersPerMinute else { return false }
        raise(.unexpectedFlow(litersPerMinute: flow), severity: flow > 2 ? .critical : .warning)
        return true
    }
}
