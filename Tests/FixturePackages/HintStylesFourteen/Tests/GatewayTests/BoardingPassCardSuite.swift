import Testing
import GatewayModel
import GatewayServices

@Suite struct BoardingPassCardSuite {
    @Test @MainActor func passCardFillsInAfterLoad() async throws {
        let stack = CheckInStack(gate: "C7")
        _ = try await stack.service.checkIn(Fixtures.alan, on: Fixtures.flight)
        _ = try await stack.service.issueBoardingPass(for: Fixtures.alan, on: Fixtures.flight, seat: "15F")
        let card = BoardingPassViewModel(service: stack.service, gates: stack.gates)

        card.load(passengerID: Fixtures.alan.id)
        let deadline = ContinuousClock.now + .seconds(2)
        while card.boardingPass == nil, ContinuousClock.now < deadline {
            await Task.yield()
        }

        #expect(card.boardingPass?.seat == "15F")
        #expect(card.boardingPass?.gate == "C7")
        #expect(card.boardingPass?.group == 3)
    }
}
