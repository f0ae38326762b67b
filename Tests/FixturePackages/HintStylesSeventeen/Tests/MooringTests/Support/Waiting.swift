import Foundation

/// Suspends for roughly `seconds` without blocking a cooperative thread.
func pause(seconds: Double) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            continuation.resume()
        }
    }
}

/// Re-checks `condition` every `interval` until it holds or `timeout` runs out.
@discardableResult
func pollUntil(
    timeout: Duration = .seconds(2),
    interval: Duration = .milliseconds(10),
    _ condition: () async -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return await condition()
}

/// Lets anything already queued on the main actor have a turn.
@MainActor
func letMainActorCatchUp() async {
    for _ in 0..<10 {
        await Task.yield()
    }
}

enum Yielder {
    static func spin(times: Int) async {
        for _ in 0..<times {
            await Task.yield()
        }
    }
}

/// Thread-safe holder for values handed back through completion handlers.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}
