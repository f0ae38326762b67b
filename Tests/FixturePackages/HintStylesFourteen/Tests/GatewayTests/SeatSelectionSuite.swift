import Testing
import GatewayModel
import GatewayServices

@Suite struct SeatSelectionSuite {
    let inventory = SeatInventory()
    let clock = ManualGateClock()

    private func makeHolds() -> SeatHoldService {
        SeatHoldService(inventory: inventory, clock: clock)
    }

    @Test func selectingExitRowShowsFareBanner() async {
        let viewModel = await SeatSelectionViewModel(
            passengerID: Fixtures.ada.id, holds: makeHolds(), quoter: FixedFareQuoter()
        )

        await viewModel.select("12C")

        #expect(await viewModel.fareQuote == Fare(seat: "12C", amountCents: 16_500))
    }

    @Test @MainActor func selectingSeatMarksItHeld() async {
        let holds = makeHolds()
        let viewModel = SeatSelectionViewModel(passengerID: Fixtures.grace.id, holds: holds, quoter: FixedFareQuoter())

        await viewModel.select("15D")

        #expect(viewModel.status == .held)
        #expect(viewModel.selectedSeat == "15D")
        #expect(await holds.isHeld("15D"))
        #expect(await inventory.occupant(of: "15D") == Fixtures.grace.id)
    }

    @Test func unpaidHoldExpiresAfterFifteenMinutes() async throws {
        let holds = makeHolds()
        try await holds.hold("14C", for: Fixtures.alan.id)

        await clock.advance(byMinutes: 14)
        #expect(await holds.isHeld("14C"))

        await clock.advance(byMinutes: 1)
        #expect(await holds.isHeld("14C") == false)
        #expect(await inventory.occupant(of: "14C") == nil)
        #expect(await holds.expiredCount == 1)
    }
}
