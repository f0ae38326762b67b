import RareHandOff
import Testing

/// `showsJottedNote` races the notebook's unawaited task, as `InboxTests` races the inbox's, but every hop
/// here is on Swift's own executors: the test waits by awaiting a group of child tasks that each go to the
/// ledger and back, which nearly always outlasts the hand-off's two hops.
@MainActor @Suite struct NotebookTests {
    static let waits = Int(Environment.value("NOTEBOOK_WAITS") ?? "") ?? 4
    static let rounds = Int(Environment.value("NOTEBOOK_ROUNDS") ?? "") ?? 1

    @Test func showsJottedNote() async {
        let notebook = Notebook()
        _ = await notebook.ledger.touch(-1)  // the cooperative pool's threads are up before the hand-off
        notebook.jot("hello")
        await withTaskGroup(of: Int.self) { group in
            for step in 0..<Self.waits {
                group.addTask { await Self.roundTrips(notebook, from: step) }
            }
            for await _ in group {}
        }
        #expect(await notebook.shelf.notes == ["HELLO"])
    }

    static func roundTrips(_ notebook: Notebook, from step: Int) async -> Int {
        var total = 0
        for round in 0..<rounds { total += await notebook.ledger.touch(step + round) }
        return total
    }

    @Test func showsJottedNoteWhenAwaited() async {
        let notebook = Notebook()
        await notebook.jotAndWait("hello")
        #expect(await notebook.shelf.notes == ["HELLO"])
    }
}
