import XCTest
@testable import Checkout

final class PricingTests: BaseTestCase {
    func testTaxAndShippingFetchedInParallel() async {
        let engine = PricingEngine(rates: SlowRateProvider())

        async let tax = engine.tax(on: 10_000, region: "CA")
        async let shipping = engine.shipping(region: "CA")
        let (taxCents, shippingCents) = await (tax, shipping)

        XCTAssertEqual(taxCents, 725)
        XCTAssertEqual(shippingCents, 899)
    }

    func testRoundsHalfUp() {
        XCTAssertEqual(PricingEngine.roundHalfUp(72.5), 73)
        XCTAssertEqual(PricingEngine.roundHalfUp(72.49), 72)
    }
}
