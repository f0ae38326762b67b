import Testing
import CourierModel
import CourierServices

@Suite struct DeliveryQuoteTests {
    @Test func heavyTrafficStretchesTheQuote() async throws {
        let directory = InMemoryCourierDirectory([
            Fixtures.courier("c-71", vehicle: .scooter, at: Fixtures.nearbyCorner),
            Fixtures.courier("c-72", vehicle: .bicycle, at: Fixtures.acrossTown),
        ])
        let quotes = DeliveryQuoteService(directory: directory)
        let order = Fixtures.order("o-1701")

        let heavy = await TrafficConditions.$current.withValue(.heavy) {
            await quotes.quote(for: order)
        }

        let heavyQuote = try #require(heavy)
        let normal = await quotes.quote(for: order)
        let normalQuote = try #require(normal)
        #expect(heavyQuote.travelMinutes > normalQuote.travelMinutes)
        #expect(heavyQuote.courierID == CourierID("c-71"))
    }
}
