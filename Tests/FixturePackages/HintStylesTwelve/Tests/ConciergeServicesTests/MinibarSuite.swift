import ConciergeCore
import ConciergeServices
import Foundation
import Testing

@Suite("Minibar billing and restocking")
struct MinibarSuite {
    @Test func restockRequestedWhenShelfEmpties() async {
        await confirmation("runner is asked to restock sparkling water", expectedCount: 1) { restockRequested in
            let restocker = MinibarRestocker(par: ["water-sparkling": 2, "snack-trailmix": 1]) { request in
                #expect(request == RestockRequest(room: 207, sku: "water-sparkling", quantity: 2))
                restockRequested()
            }
            await restocker.stock(207)

            await restocker.recordConsumption(sku: "water-sparkling", quantity: 1, room: 207)
            await restocker.recordConsumption(sku: "water-sparkling", quantity: 1, room: 207)
        }
    }

    @Test func consumptionPostsToFolioAfterGracePeriod() async {
        let scheduler = ManualDeskScheduler()
        let billing = MinibarBilling(scheduler: scheduler, gracePeriod: .seconds(30 * 60))
        #expect(scheduler.pendingActionCount == 0)

        await billing.recordConsumption(.localIPA, room: 512)
        await billing.recordConsumption(.trailMix, room: 512)
        await scheduler.advance(by: .seconds(30 * 60))

        let posted = await billing.postedCharges(for: 512)
        #expect(posted.map(\.description) == ["Local IPA", "Trail Mix"])
        let pending = await billing.pendingCharges(for: 512)
        #expect(pending.isEmpty)
    }

    @Test func sensorChargesAreTaggedWithTheirRoom() async {
        let hub = MinibarSensorHub(catalog: .standard)

        hub.sensorTripped(slot: 4, room: 305)

        let charges = await hub.pendingCharges(for: 305)
        #expect(charges.allSatisfy { $0.room == 305 && $0.category == .minibar })
    }

    @Test @MainActor func runningTotalUpdatesAsItemsAreTapped() {
        let billing = MinibarBilling(scheduler: ManualDeskScheduler())
        let viewModel = MinibarViewModel(room: 207, billing: billing)

        viewModel.add(.sparklingWater)
        viewModel.add(.trailMix)

        #expect(viewModel.runningTotalCents == 1_450)
        #expect(viewModel.lines.count == 2)
    }
}
