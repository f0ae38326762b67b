import Foundation
import CourierModel

public protocol EventSink: Sendable {
    func record(_ event: OrderEvent) async
}

/// Anything in the pipeline that reports analytics. Reporting is fire-and-forget:
/// a slow analytics backend must never hold up an order.
public protocol AnalyticsReporting: Sendable {
    var sink: any EventSink { get }
    var isEnabled: Bool { get }
    func track(_ event: OrderEvent)
}

extension AnalyticsReporting {
    public var isEnabled: Bool { true }

    public func track(_ event: OrderEvent) {
        guard isEnabled else { return }
        let sink = self.sink
        Task {
            await sink.record(event)
        }
    }
}

/// The production reporter; relies on the protocol's default `track(_:)`.
public struct CourierAnalytics: AnalyticsReporting {
    public let sink: any EventSink

    public init(sink: any EventSink) {
        self.sink = sink
    }
}

/// Used in previews and when the user opted out of analytics.
public struct DisabledAnalytics: AnalyticsReporting {
    public let sink: any EventSink

    public init(sink: any EventSink) {
        self.sink = sink
    }

    public var isEnabled: Bool { false }
}
