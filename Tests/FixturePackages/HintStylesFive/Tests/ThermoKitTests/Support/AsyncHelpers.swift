import Foundation

/// Gives already-enqueued tasks a few turns on the cooperative pool.
func settle(rounds: Int = 10) async {
    for _ in 0..<rounds {
        await Task.yield()
    }
}

/// Polls `condition` until it holds or the timeout elapses.
func eventually(
    timeout: Duration = .seconds(2),
    pollEvery interval: Duration = .milliseconds(10),
    _ condition: @Sendable () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return await condition()
}

/// Turns a completion-handler call into an awaited value.
func awaitCallback<T: Sendable>(
    _ start: (@escaping @Sendable (T) -> Void) -> Void
) async -> T {
    await withCheckedContinuation { continuation in
        start { value in
            continuation.resume(returning: value)
        }
    }
}
