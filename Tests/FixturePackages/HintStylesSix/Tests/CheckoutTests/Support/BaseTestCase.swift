import XCTest
@testable import Checkout

/// Shared plumbing for the checkout XCTest suites. Declares no tests itself.
class BaseTestCase: XCTestCase {
    let defaultItems = [
        LineItem(sku: "mug", name: "Enamel mug", unitPrice: 1_250),
        LineItem(sku: "tee", name: "Logo tee", unitPrice: 2_000, quantity: 2),
    ]

    @MainActor
    func makeStore(
        gateway: any PaymentGateway = FakePaymentGateway(),
        mailer: any ReceiptMailer = SpyReceiptMailer(),
        shipping: any ShippingQuoter = StubShippingQuoter(cents: 500)
    ) -> CheckoutStore {
        CheckoutStore(
            state: CheckoutState(items: defaultItems, shippingCents: 500),
            environment: CheckoutEnvironment(gateway: gateway, mailer: mailer, shipping: shipping)
        )
    }

    /// Lets background work catch up. Prefer a real signal where one exists.
    func pause(_ duration: Duration = .milliseconds(100)) async throws {
        try await Task.sleep(for: duration)
    }

    /// Spins the cooperative pool so tasks enqueued on the main actor run.
    @MainActor
    func settleMainActor(iterations: Int = 20) async {
        for _ in 0..<iterations {
            await Task.yield()
        }
    }
}

/// Runs every test of a subclass with a storefront merchant bound.
class MerchantScopedTestCase: BaseTestCase {
    class var merchantID: String { "m_test" }

    override func invokeTest() {
        CheckoutContext.$merchantID.withValue(Self.merchantID) {
            super.invokeTest()
        }
    }
}
