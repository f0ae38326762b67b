import Testing
import CourierModel
import CourierServices

@Suite struct CourierAssignmentRequestTests {
    @Test func requestHandleDeliversAssignedCourier() async {
        let directory = InMemoryCourierDirectory([Fixtures.courier("c-solo", vehicle: .bicycle, at: Fixtures.nearbyCorner)])
        let service = CourierAssignmentService(directory: directory, analytics: CourierAnalytics(sink: RecordingEventSink()))
        let order = Fixtures.order("o-6201")

        let handle = service.requestAssignment(for: order)
        let courier = await handle.value

        #expect(courier?.id == CourierID("c-solo"))
        let lookup = await service.courier(assignedTo: order.id)
        #expect(lookup == CourierID("c-solo"))
        let remaining = await directory.availableCouriers()
        #expect(remaining.isEmpty)
    }
}
