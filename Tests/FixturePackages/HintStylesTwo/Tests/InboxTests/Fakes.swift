import Inbox

/// Answers at once.
struct QuickServer: MessageServer {
    func fetch() async -> [String] { ["hello", "again"] }
}

/// Says when a fetch has started, through a continuation.
actor GatedServer: MessageServer {
    private var fetching = false
    private var waiter: CheckedContinuation<Void, Never>?

    func fetch() async -> [String] {
        fetching = true
        waiter?.resume()
        waiter = nil
        return ["gated"]
    }

    func waitUntilFetching() async {
        if fetching { return }
        await withCheckedContinuation { waiter = $0 }
    }
}

/// A sleeper the test moves by hand: a sleep ends when the test advances it.
actor FakeSleeper: Sleeper {
    private var sleepers: [CheckedContinuation<Void, Never>] = []
    private var arrival: CheckedContinuation<Void, Never>?

    func sleep(seconds: Int) async throws {
        await withCheckedContinuation { continuation in
            sleepers.append(continuation)
            arrival?.resume()
            arrival = nil
        }
    }

    func advance() async {
        if sleepers.isEmpty { await withCheckedContinuation { arrival = $0 } }
        for sleeper in sleepers { sleeper.resume() }
        sleepers.removeAll()
    }
}

/// A clock that moves one tick at a time.
final class SteppingClock: @unchecked Sendable {
    private(set) var now = 0
    func advance(by ticks: Int) { now += ticks }
}

/// A counter a detached task bumps.
final class Box: @unchecked Sendable {
    var value = 0
}
