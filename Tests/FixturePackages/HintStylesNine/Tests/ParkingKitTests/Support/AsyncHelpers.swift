import Foundation

/// Thread-safe holder for values captured by `@Sendable` callbacks.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func set(_ newValue: Value) {
        lock.lock()
        stored = newValue
        lock.unlock()
    }

    func mutate<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}

extension Task where Success == Never, Failure == Never {
    /// Gives other enqueued jobs plenty of chances to run.
    static func megaYield(count: Int = 25) async {
        for _ in 0..<count {
            await Task.yield()
        }
    }
}

/// Lets fire-and-forget work that was just kicked off get onto the executor.
func settle(rounds: Int = 10) async {
    for _ in 0..<rounds {
        await Task.yield()
    }
}

/// Pulls the first element out of any async sequence.
func firstElement<S: AsyncSequence>(of sequence: S) async throws -> S.Element? where S.Element: Sendable {
    var iterator = sequence.makeAsyncIterator()
    return try await iterator.next()
}
