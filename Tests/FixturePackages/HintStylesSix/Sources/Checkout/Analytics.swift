public enum AnalyticsEvent: Sendable, Equatable {
    case cartViewed
    case checkoutStarted
    case paymentSubmitted(amount: Int)
    case paymentFailed
}

public protocol AnalyticsSink: Sendable {
    func record(_ event: AnalyticsEvent) async
}

public actor CheckoutAnalytics {
    private let sink: any AnalyticsSink
    public private(set) var deliveredCount = 0

    public init(sink: any AnalyticsSink) {
        self.sink = sink
    }

    /// Fire-and-forget from any context.
    public nonisolated func track(_ event: AnalyticsEvent) {
        Task { await self.deliver(event) }
    }

    public func trackBatch(_ events: [AnalyticsEvent]) async {
        for event in events {
            await deliver(event)
        }
    }

    private func deliver(_ event: AnalyticsEvent) async {
        await sink.record(event)
        deliveredCount += 1
    }
}

extension CheckoutAnalytics {
    /// Legacy completion-handler API kept for the Objective-C checkout sheet.
    public nonisolated func upload(_ events: [AnalyticsEvent], completion: @escaping @Sendable (Int) -> Void) {
        Task {
            await self.trackBatch(events)
            completion(events.count)
        }
    }
}
