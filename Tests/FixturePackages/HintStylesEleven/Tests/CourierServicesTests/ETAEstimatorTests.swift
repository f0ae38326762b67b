import Testing
import CourierModel
import CourierServices

@Suite struct ETAEstimatorTests {
    @Test func bicycleQuoteIsLongerThanScooterQuote() {
        let estimator = ETAEstimator()
        let order = Fixtures.order("o-4001")
        let bike = Fixtures.courier("c-bike", vehicle: .bicycle, at: Fixtures.nearbyCorner)
        let scooter = Fixtures.courier("c-scoot", vehicle: .scooter, at: Fixtures.nearbyCorner)

        let bikeEstimate = estimator.estimate(for: order, courier: bike)
        let scooterEstimate = estimator.estimate(for: order, courier: scooter)

        #expect(bikeEstimate.travelMinutes > scooterEstimate.travelMinutes)
        #expect(bikeEstimate.prepMinutes == scooterEstimate.prepMinutes)
        // 8 base minutes + 2 per item for four items.
        #expect(scooterEstimate.prepMinutes == 16)
    }
}
