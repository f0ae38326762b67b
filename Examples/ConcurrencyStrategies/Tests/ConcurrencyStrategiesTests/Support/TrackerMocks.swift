// Three mocks of `EventTracking`, one per way of recording calls to the nonisolated `track(_:)`.
// A nonisolated method cannot touch the actor's isolated stored properties, so each mock has to
// put the record somewhere else.
import ConcurrencyStrategies
import Synchronization

/// Records calls by firing an unstructured `Task` that hops back onto the actor. Compiles cleanly,
/// but `track(_:)` returns before the task has run, so a test that reads `trackCallCount` right
/// after the call races against that task. (unstructured-task: the `Task {` is here, in the mock.)
actor FireAndForgetTrackerMock: EventTracking {
    private(set) var trackCallCount = 0
    private(set) var trackedEvents: [String] = []

    func sessionID() -> String { "mock-session" }

    nonisolated func track(_ event: String) {
        Task { await self.recordTrack(event) }
    }

    private func recordTrack(_ event: String) {
        trackCallCount += 1
        trackedEvents.append(event)
    }
}

/// Records calls synchronously in storage that is not isolated to the actor but is protected by a
/// `Mutex`. (The article's `nonisolated(unsafe) var` works too; the `Mutex` makes it actually safe,
/// and since `Mutex` is `Sendable` a plain `nonisolated let` is enough.) When `track(_:)` returns
/// the call is already counted: no waiting needed.
actor MutexTrackerMock: EventTracking {
    private struct Calls {
        var count = 0
        var events: [String] = []
    }

    private nonisolated let calls = Mutex(Calls())

    func sessionID() -> String { "mock-session" }

    nonisolated func track(_ event: String) {
        calls.withLock {
            $0.count += 1
            $0.events.append(event)
        }
    }

    nonisolated var trackCallCount: Int { calls.withLock { $0.count } }
    nonisolated var trackedEvents: [String] { calls.withLock { $0.events } }
}

/// The article's pre-Swift-5.10 workaround: nonisolated computed properties backed by storage that
/// lives outside the actor, in a process-wide static that `init` resets. Correct while one test at a
/// time uses it; tests running in parallel share (and reset) the same storage.
///
/// The article's storage is a plain `static var`. Two parallel tests appending to one plain global
/// array is a memory-level data race too (it crashed the test process while this catalogue was
/// being measured), so here the global sits behind a `Mutex`: memory-safe, still shared.
actor GlobalStorageTrackerMock: EventTracking {
    private struct Storage {
        static let shared = Mutex(Storage())
        var trackCallCount = 0
        var trackedEvents: [String] = []
    }

    init() {
        Storage.shared.withLock { $0 = Storage() }
    }

    func sessionID() -> String { "mock-session" }

    nonisolated func track(_ event: String) {
        Storage.shared.withLock {
            $0.trackCallCount += 1
            $0.trackedEvents.append(event)
        }
    }

    nonisolated var trackCallCount: Int { Storage.shared.withLock { $0.trackCallCount } }
    nonisolated var trackedEvents: [String] { Storage.shared.withLock { $0.trackedEvents } }
}
