import Foundation
@testable import Checkout

final class SpyStockLedger: StockLedger, @unchecked Sendable {
    private let reservations = Locked<[Hold]>([])
    private let releasesBox = Locked<[Hold]>([])

    var reserved: [Hold] { reservations.value }
    var releases: [Hold] { releasesBox.value }

    func recordReservation(_ hold: Hold) {
        reservations.withValue { $0.append(hold) }
    }

    func recordRelease(_ hold: Hold) {
        releasesBox.withValue { $0.append(hold) }
    }
}

/// Rate lookups hit a "remote" table with a bit of latency.
struct SlowRateProvider: RateProvider {
    var tax: [String: Double] = ["CA": 0.0725, "OR": 0]
    var shipping: [String: Int] = ["CA": 899, "OR": 699]

    func taxRate(region: String) async -> Double {
        try? await Task.sleep(for: .milliseconds(20))
        return tax[region, default: 0.05]
    }

    func shippingRate(region: String) async -> Int {
        try? await Task.sleep(for: .milliseconds(20))
        return shipping[region, default: 1_299]
    }
}

struct StubFulfillment: FulfillmentProvider {
    var ships = true

    func ship(_ order: Order) async -> Bool {
        ships
    }
}
