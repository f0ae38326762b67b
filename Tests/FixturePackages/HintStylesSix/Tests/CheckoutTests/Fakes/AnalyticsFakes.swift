import Foundation
@testable import Checkout

final class SpyAnalyticsSink: AnalyticsSink, @unchecked Sendable {
    private let recorded = Locked<[AnalyticsEvent]>([])

    var events: [AnalyticsEvent] { recorded.value }

    func record(_ event: AnalyticsEvent) async {
        recorded.withValue { $0.append(event) }
    }
}
