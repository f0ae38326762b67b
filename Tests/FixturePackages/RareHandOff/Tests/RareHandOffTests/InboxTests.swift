import RareHandOff
import Foundation
import Testing

/// `showsReceivedMessage` races the inbox's unawaited task: it waits by awaiting a group of child tasks
/// that each go from the main actor to the ledger and back a few times, which nearly always outlasts the
/// hand-off's hops. The hand-off runs on Dispatch queues of its own, which the scheduler hook never
/// sees, while every delay of a child lengthens the test's wait: delays hide the race, not show it.
@MainActor @Suite struct InboxTests {
    static let waits = Int(Environment.value("RARE_HANDOFF_WAITS") ?? "") ?? 24
    static let rounds = Int(Environment.value("RARE_HANDOFF_ROUNDS") ?? "") ?? 4

    @Test func showsReceivedMessage() async {
        let inbox = Inbox()
        _ = await inbox.ledger.touch(-1)  // the cooperative pool's threads are up before the hand-off
        inbox.receive("hello")
        await withTaskGroup(of: Int.self) { group in
            for step in 0..<Self.waits {
                group.addTask { await Self.roundTrips(inbox, from: step) }
            }
            for await _ in group {}
        }
        #expect(await inbox.folder.filed == ["HELLO"])
    }

    /// From the main actor to the ledger and back, `rounds` times: each way is a job the hook can delay.
    static func roundTrips(_ inbox: Inbox, from step: Int) async -> Int {
        var total = 0
        for round in 0..<rounds { total += await inbox.ledger.touch(step + round) }
        return total
    }

    @Test func showsReceivedMessageWhenAwaited() async {
        let inbox = Inbox()
        await inbox.receiveAndWait("hello")
        #expect(await inbox.folder.filed == ["HELLO"])
    }
}

enum Environment {
    static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}
