import Testing
@testable import Checkout

struct MerchantScopeTests {
    @Test(.merchant("m_trait")) func traitScopesAuthorization() async throws {
        let gateway = SpyPaymentGateway()

        _ = try await PaymentRouter(gateway: gateway).authorize(amount: 500)

        #expect(gateway.requests.first?.merchantID == "m_trait")
    }

    @Test func explicitWithValueScopesRefund() {
        let router = PaymentRouter(gateway: FakePaymentGateway())

        CheckoutContext.$merchantID.withValue("m_explicit") {
            let refund = router.refundRequest(for: Fixtures.authorization())
            #expect(refund.merchantID == "m_explicit")
        }
    }
}
