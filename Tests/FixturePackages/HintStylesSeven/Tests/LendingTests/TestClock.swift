import Lending

final class TestClock: LendingClock, Sendable {
    private struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }
    private struct State {
        var now: Duration = .zero
        var sleepers: [Sleeper] = []
    }
    private let state = Locked(State())

    var pendingSleepers: Int { state.current.sleepers.count }

    func sleep(for duration: Duration) async throws {
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
            state.withLock { s in
                s.sleepers.append(Sleeper(deadline: s.now + duration, continuation: c))
            }
        }
    }

    func advance(by duration: Duration) {
        let ready = state.withLock { s -> [Sleeper] in
            s.now += duration
            let now = s.now
            let ready = s.sleepers.filter { $0.deadline <= now }
            s.sleepers.removeAll { $0.deadline <= now }
            return ready
        }
        ready.forEach { $0.continuation.resume() }
    }
}
