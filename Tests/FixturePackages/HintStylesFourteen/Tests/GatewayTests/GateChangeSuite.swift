import Testing
import GatewayModel
import GatewayServices

@Suite struct GateChangeSuite {
    let directory = StaticGateDirectory([Fixtures.flight: "A3"])
    let announcer = GateAnnouncer()

    var operations: GateOperations {
        GateOperations(directory: directory, announcer: announcer)
    }

    @Test func reassignmentIsAnnouncedOnStream() async {
        let changes = announcer.changes()
        var iterator = changes.makeAsyncIterator()

        operations.reassign(Fixtures.flight, to: "B22")
        let change = await iterator.next()

        #expect(change == GateChange(flight: Fixtures.flight, fromGate: "A3", toGate: "B22"))
        #expect(await directory.currentGate(for: Fixtures.flight) == "B22")
    }

    @Test @MainActor func boardShowsNewGateAfterAnnouncement() async {
        let board = GateBoardViewModel(initial: [Fixtures.flight: "A3"])
        board.startListening(to: announcer)
        defer { board.stopListening() }

        announcer.announce(GateChange(flight: Fixtures.flight, fromGate: "A3", toGate: "B22"))
        for _ in 0..<3 {
            await Task.yield()
        }

        #expect(board.gates[Fixtures.flight] == "B22")
    }

    @Test func boardCatchesUpWithOpsConsole() async throws {
        let board = await GateBoardViewModel(initial: [Fixtures.flight: "A3"])
        await board.startListening(to: announcer)

        operations.reassign(Fixtures.flight, to: "C7")
        try await Task.sleep(for: .milliseconds(150))

        #expect(await board.lastChange?.toGate == "C7")
        #expect(await board.gates[Fixtures.flight] == "C7")
        await board.stopListening()
    }
}
