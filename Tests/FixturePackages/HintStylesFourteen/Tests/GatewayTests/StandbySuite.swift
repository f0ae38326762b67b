import Testing
import GatewayModel
import GatewayServices

@Suite struct StandbySuite {
    let clock = ManualGateClock()
    let desk: StandbyDesk

    init() {
        desk = StandbyDesk(flight: Fixtures.flight, clock: clock)
    }

    @Test func clearanceAtCutoffPicksHighestTiers() async {
        await desk.add(Fixtures.edsger)
        await desk.add(Fixtures.alan)
        await desk.add(Fixtures.grace)
        await desk.scheduleClearance(seats: 2, at: .seconds(40 * 60))

        await clock.advance(byMinutes: 39)
        #expect(await desk.cleared.isEmpty)

        await clock.advance(byMinutes: 1)
        #expect(await desk.cleared.map(\.id) == [Fixtures.grace.id, Fixtures.alan.id])
        #expect(await desk.waitingCount == 1)
    }

    @Test @MainActor func upgradeBadgeNamesTopPassenger() async {
        await desk.add(Fixtures.alan)
        await desk.add(Fixtures.ada)
        let board = StandbyBoardViewModel(desk: desk)

        board.reload()
        await Task.yield()
        await Task.yield()

        #expect(board.upgradeBadge == "Next: Ada Lovelace")
        #expect(board.rows == ["Ada Lovelace", "Alan Turing"])
    }

    @Test func standbyButtonAddsPassenger() async {
        desk.requestStandby(Fixtures.grace)

        await letDustSettle()

        #expect(await desk.waitingCount == 1)
        #expect(await desk.snapshot().first == Fixtures.grace)
    }

    @Test func watchAppStandbyTapShowsOnList() async {
        let desk = self.desk
        // The watch extension's tap handler.
        Task {
            await desk.add(Fixtures.alan)
        }
        await desk.scheduleClearance(seats: 1, at: .seconds(30 * 60))

        let waiting = await desk.snapshot()
        #expect(waiting.map(\.id) == [Fixtures.alan.id])
    }
}
