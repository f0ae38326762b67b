import ParkingCore

/// A `Sleeper` that never touches wall-clock time. Sleeps finish only when the
/// test advances virtual time past their deadline.
actor ControlledSleeper: Sleeper {
    private var elapsed: Duration = .zero
    private var waiting: [(deadline: Duration, continuation: CheckedContinuation<Void, any Error>)] = []
    private(set) var requested: [Duration] = []

    func sleep(for duration: Duration) async throws {
        requested.append(duration)
        let deadline = elapsed + duration
        try await withCheckedThrowingContinuation { continuation in
            waiting.append((deadline, continuation))
        }
    }

    /// Lets already-scheduled work reach its sleep, moves time, then lets the
    /// woken work run before returning.
    func advance(by duration: Duration) async {
        await Task.megaYield()
        elapsed += duration
        let now = elapsed
        let due = waiting.filter { $0.deadline <= now }
        waiting.removeAll { $0.deadline <= now }
        for entry in due {
            entry.continuation.resume()
        }
        await Task.megaYield()
    }
}

/// Returns straight away but remembers what it was asked to wait for.
final class ImmediateSleeper: Sleeper, @unchecked Sendable {
    private let log = LockedBox<[Duration]>([])

    var requested: [Duration] { log.value }

    func sleep(for duration: Duration) async throws {
        log.mutate { $0.append(duration) }
    }
}
