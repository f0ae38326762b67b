import XCTest
@testable import Checkout

final class MerchantRoutingTests: MerchantScopedTestCase {
    func testHappyPath() async throws {
        let gateway = SpyPaymentGateway()
        let router = PaymentRouter(gateway: gateway, token: "tok_amex")

        let authorization = try await router.authorize(amount: 1_299)

        XCTAssertEqual(gateway.requests.map(\.merchantID), ["m_test"])
        XCTAssertEqual(authorization.amount, 1_299)
    }

    func testRefundRequestCarriesMerchant() {
        let router = PaymentRouter(gateway: FakePaymentGateway())

        let refund = router.refundRequest(for: Fixtures.authorization(id: "auth_9", amount: 400))

        XCTAssertEqual(refund, RefundRequest(merchantID: "m_test", authorizationID: "auth_9", amount: 400))
    }
}
