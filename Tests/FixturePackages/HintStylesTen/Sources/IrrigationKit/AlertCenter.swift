import Foundation
import IrrigationCore

/// Fans alerts out to every registered sink and keeps a local log for the panel.
public final class AlertCenter: @unchecked Sendable {
    private let sinks = Protected<[any AlertSink]>([])
    private let log = Protected<[IrrigationAlert]>([])

    public init() {}

    public func register(_ sink: any AlertSink) {
        sinks.mutate { $0.append(sink) }
    }

    /// Everything posted so far, oldest first.
    public var history: [IrrigationAlert] { log.value }

    public var mostSevere: IrrigationAlert? {
        log.value.max { $0.severity < $1.severity }
    }

    public func post(_ alert: IrrigationAlert) {
        log.mutate { $0.append(alert) }
        let targets = sinks.value
        guard !targets.isEmpty else { return }
        switch AlertDelivery.mode {
        case .inline:
            for sink in targets {
                sink.deliver(alert)
            }
        case .background:
            // SMS gateways can take seconds; never make a sensor path wait for them.
            Task.detached(priority: .utility) {
                for sink in targets {
                    sink.deliver(alert)
                }
            }
        }
    }
}

/// Adopted by every safety monitor that can raise alerts.
public protocol AlertRaising {
    var alerts: AlertCenter { get }
    var source: String { get }
}

extension AlertRaising {
    public var source: String {
        String(describing: type(of: self))
    }

    /// Default implementation shared by all monitors: stamps the alert and posts it.
    public func raise(_ kind: IrrigationAlert.Kind, severity: AlertSeverity) {
        let alert = IrrigationAlert(
            kind: kind,
            severity: severity,
            source: source,
            raisedAt: DripEnvironment.currentDate()
        )
        alerts.post(alert)
    }
}
