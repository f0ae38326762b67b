import Testing
@testable import Checkout

struct FraudScreeningTests {
    @Test func slowScreenerIsAwaited() async {
        let check = FraudCheck(screener: SlowFraudScreener(result: .high))

        let decision = await check.evaluate(Fixtures.order())

        #expect(decision == .review)
    }

    @Test func gatedScreenerSignalsEntry() async {
        let screener = GatedFraudScreener(result: .low)
        let check = FraudCheck(screener: screener)

        let pending = Task { await check.evaluate(Fixtures.order()) }
        await screener.waitUntilCalled()

        #expect(screener.callCount == 1)
        screener.release()
        #expect(await pending.value == .approve)
    }

    @Test func prefetchScoresInBackground() async {
        let spy = PollingFraudSpy()
        let check = FraudCheck(screener: spy)

        check.prefetch(Fixtures.order(id: "ord_pf"))
        await spy.waitUntilCalled()

        #expect(spy.scoredOrderIDs == ["ord_pf"])
    }
}
