import Testing
@testable import Checkout

@Suite("Checkout reducer and store")
struct CheckoutReducerTests {
    @Test func discountLowersTotal() {
        var state = Fixtures.state()

        let effect = CheckoutReducer.reduce(into: &state, action: .applyDiscount(percent: 15))

        #expect(effect == .none)
        #expect(state.total == 850)
    }

    @Test @MainActor func retryAuthorizesAgain() async {
        let gateway = SpyPaymentGateway(results: [
            .failure(.declined),
            .success(Fixtures.authorization(id: "auth_retry", amount: 1_000)),
        ])
        let store = CheckoutStore(
            state: Fixtures.state(),
            environment: CheckoutEnvironment(
                gateway: gateway,
                mailer: SpyReceiptMailer(),
                shipping: StubShippingQuoter(cents: 0)
            )
        )

        await confirmation("gateway authorizations", expectedCount: 2) { authorized in
            gateway.onAuthorize = { _ in authorized() }
            await store.send(.submit).value
            await store.send(.retry).value
        }

        #expect(store.state.phase == .paid(Fixtures.authorization(id: "auth_retry", amount: 1_000)))
    }

    @Test @MainActor func breadcrumbsAppearAfterAYield() async {
        let store = CheckoutStore(
            environment: CheckoutEnvironment(
                gateway: FakePaymentGateway(),
                mailer: SpyReceiptMailer(),
                shipping: StubShippingQuoter(cents: 0)
            )
        )

        store.recordView("payment")
        await Task.yield()

        #expect(store.viewedScreens == ["payment"])
    }
}
