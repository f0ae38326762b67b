import Testing
import CourierModel
import CourierServices

@MainActor
@Suite struct TrackingMapViewModelTests {
    @Test func burstOfPingsIsNotRenderedSynchronously() {
        let viewModel = TrackingMapViewModel()

        viewModel.courierMoved(Fixtures.ping(courier: "c-41", order: "o-1801", at: Fixtures.kitchen))
        viewModel.courierMoved(Fixtures.ping(courier: "c-41", order: "o-1801", at: Fixtures.nearbyCorner, secondsAfterReference: 5))

        #expect(viewModel.markers.isEmpty)
        #expect(viewModel.renderPasses == 0)
    }

    @Test func markerAppearsAfterDrainingMainActor() async {
        let viewModel = TrackingMapViewModel()

        viewModel.courierMoved(Fixtures.ping(courier: "c-42", order: "o-1802", at: Fixtures.kitchen))
        viewModel.courierMoved(Fixtures.ping(courier: "c-42", order: "o-1802", at: Fixtures.nearbyCorner, secondsAfterReference: 5))
        await drainMainActor()

        #expect(viewModel.markers[CourierID("c-42")]?.coordinate == Fixtures.nearbyCorner)
        #expect(viewModel.renderPasses == 1)
    }
}
