import Testing
import CourierModel
import CourierServices

@Suite struct AnalyticsPipelineTests {
    @Test func assignmentEventLandsAfterBriefPause() async throws {
        let log = LockedEventLog()
        let directory = InMemoryCourierDirectory([Fixtures.courier("c-51", at: Fixtures.nearbyCorner)])
        let service = CourierAssignmentService(directory: directory, analytics: CourierAnalytics(sink: log))

        let courier = try await service.assignNearestCourier(to: Fixtures.order("o-1401"))
        await letBackgroundWorkFinish()

        let expected: [OrderEvent] = [.courierAssigned("o-1401", "c-51")]
        #expect(log.events == expected)
        #expect(courier.id == CourierID("c-51"))
    }
}
