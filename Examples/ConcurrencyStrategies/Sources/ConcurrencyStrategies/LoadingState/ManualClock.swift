import Synchronization

/// A hand-written test clock: `sleep(until:)` suspends until a test calls `advance(by:)` past the
/// deadline. Nothing ever wakes up on its own, so a test decides exactly when "time passes".
///
/// `waitForSleepers(_:)` lets a test wait (without polling) until the code under test has
/// actually reached its `sleep`, i.e. until the interesting intermediate state is in place.
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public init(offset: Duration = .zero) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant()
        var nextID = 0
        var sleepers: [Sleeper] = []
        var cancelledBeforeRegistering: Set<Int> = []
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let wakeUps: [CheckedContinuation<Void, Never>]
                let immediate: Result<Void, any Error>?
                (wakeUps, immediate) = state.withLock { state in
                    if state.cancelledBeforeRegistering.remove(id) != nil {
                        return ([], .failure(CancellationError()))
                    }
                    if deadline <= state.now {
                        return ([], .success(()))
                    }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (Self.takeSatisfiedWaiters(&state), nil)
                }
                if let immediate { continuation.resume(with: immediate) }
                wakeUps.forEach { $0.resume() }
            }
        } onCancel: {
            let cancelled: Sleeper? = state.withLock { state in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.sleepers.remove(at: index)
                }
                state.cancelledBeforeRegistering.insert(id)
                return nil
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and resumes every sleeper whose deadline has been reached, earliest first.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.sorted { $0.deadline < $1.deadline }
        }
        due.forEach { $0.continuation.resume() }
    }

    /// Suspends until at least `count` tasks are blocked in `sleep`.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private static func takeSatisfiedWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let sleeping = state.sleepers.count
        let satisfied = state.sleeperWaiters.filter { $0.count <= sleeping }.map(\.continuation)
        state.sleeperWaiters.removeAll { $0.count <= sleeping }
        return satisfied
    }
}
