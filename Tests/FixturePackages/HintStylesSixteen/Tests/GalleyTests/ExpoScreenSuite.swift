import GalleyModel
import GalleyServices
import Testing

@Suite struct ExpoScreenSuite {
    @Test @MainActor func heldTicketWaitsForExpoCall() async {
        let ticket = HeldTicket(number: 31, station: .pastry)
        let station = Task { await ticket.holdUntilFired() }

        while ticket.continuation == nil {
            await Task.yield()
        }

        #expect(ticket.state == .holding)
        ticket.fire()
        let fired = await station.value
        #expect(fired == 31)
        #expect(ticket.state == .cooking)
    }

    @Test @MainActor func heldTicketShowsHoldingOnScreen() async {
        let ticket = HeldTicket(number: 32, station: .grill)
        let station = Task { await ticket.holdUntilFired() }

        for _ in 0..<3 {
            await Task.yield()
        }

        #expect(ticket.state == .holding)
        ticket.fire()
        _ = await station.value
    }

    @Test func plateReachesExpoFeed() async {
        let feed = ExpoFeed()
        let rail = ExpoRail(feed: feed)
        var readyTickets = feed.readyTickets.makeAsyncIterator()

        rail.markReady(Fixtures.ticket(12, .grill))
        let first = await readyTickets.next()

        #expect(first?.number == 12)
        #expect(first?.status == .ready)
        feed.close()
    }

    @Test @MainActor func refreshShowsOpenTickets() {
        let source = StubTicketSource(tickets: [Fixtures.ticket(13, .fry), Fixtures.ticket(12, .grill)])
        let model = ExpoScreenModel(source: source)

        model.refresh()

        #expect(model.tickets.map(\.number) == [12, 13])
    }
}
