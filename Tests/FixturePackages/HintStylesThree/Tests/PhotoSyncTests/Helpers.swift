import Foundation
@testable import PhotoSync

// MARK: - Yielding

/// Lets other tasks on the cooperative pool make progress.
func yieldMany(_ count: Int = 10) async {
    for _ in 0..<count {
        await Task.yield()
    }
}

extension Task where Success == Never, Failure == Never {
    /// Yield a lot. Good enough for most fire-and-forget work.
    static func megaYield(count: Int = 25) async {
        for _ in 0..<count {
            await Task<Never, Never>.yield()
        }
    }
}

// MARK: - Polling

struct TimeoutError: Error, CustomStringConvertible {
    var description: String { "condition not met before timeout" }
}

/// Polls `condition` every `interval` until it holds or `timeout` passes.
func eventually(
    timeout: Duration = .seconds(1),
    interval: Duration = .milliseconds(10),
    _ condition: @Sendable () async -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
        if await condition() { return }
        try await Task.sleep(for: interval)
    }
    throw TimeoutError()
}

// MARK: - Signals

/// One-shot signal that async code can wait on.
final class AsyncSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func fire() {
        let toResume = lock.withLock {
            fired = true
            defer { waiters = [] }
            return waiters
        }
        toResume.forEach { $0.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyFired = lock.withLock {
                if !fired { waiters.append(continuation) }
                return fired
            }
            if alreadyFired { continuation.resume() }
        }
    }
}

/// Thread-safe box for values written from completion handlers.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value

    init(_ value: Value) {
        _value = value
    }

    var value: Value {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }
}

// MARK: - Fixtures

extension Photo {
    static let beach = Photo(id: "p1", title: "beach")
    static let dog = Photo(id: "p2", title: "dog at the park")
    static let sunset = Photo(id: "p3", title: "  sunset ")
}

extension Array where Element == Photo {
    static let samples: [Photo] = [.beach, .dog]
}
