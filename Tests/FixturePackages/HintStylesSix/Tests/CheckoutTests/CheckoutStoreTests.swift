import XCTest
@testable import Checkout

@MainActor
final class CheckoutStoreTests: BaseTestCase {
    func testHappyPath() async {
        let gateway = SpyPaymentGateway()
        let store = makeStore(gateway: gateway)

        await store.send(.submit).value

        XCTAssertEqual(store.state.phase, .paid(Authorization(id: "auth_1", amount: 5_750)))
        XCTAssertEqual(gateway.requests.map(\.amount), [5_750])
    }

    func testSubmitMarksSubmittingImmediately() async {
        let store = makeStore(gateway: SpyPaymentGateway())

        store.send(.submit)

        XCTAssertEqual(store.state.phase, .submitting)
    }

    func testReceiptEmailedAfterSubmit() async {
        let mailer = SpyReceiptMailer()
        let store = makeStore(mailer: mailer)
        let emailed = expectation(description: "receipt emailed")
        mailer.onSend = { _ in emailed.fulfill() }

        store.send(.submit)
        await fulfillment(of: [emailed], timeout: 1)

        XCTAssertEqual(mailer.sent.count, 1)
        XCTAssertTrue(mailer.sent[0].body.contains("Charged: $57.50"))
    }

    func testRecordViewIsFireAndForget() async {
        let store = makeStore()

        store.recordView("cart")

        XCTAssertEqual(store.viewedScreens, ["cart"])
    }

    func testRemoveItemRefreshesShipping() async {
        let store = makeStore(shipping: StubShippingQuoter(cents: 650))

        store.send(.remove(sku: "tee"))
        await settleMainActor()

        XCTAssertEqual(store.state.shippingCents, 650)
        XCTAssertEqual(store.state.items.map(\.sku), ["mug"])
    }
}
