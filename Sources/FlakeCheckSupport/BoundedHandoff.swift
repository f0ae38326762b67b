import Foundation

/// Hands batches from one thread that makes them to one that uses them, holding at most `capacity`
/// batches between the two, so memory stays bounded when the maker is faster. `parse` reads a log on one
/// thread and settles its results on another: each half was about half the reading time.
package final class BoundedHandoff<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [[Element]] = []
    private var ended = false
    private var failure: (any Error)?
    private let capacity: Int

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many batches were put and not yet taken.
    package var waitingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting.count
    }

    /// Waits while `capacity` batches are waiting.
    package func put(_ batch: [Element]) {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= capacity { condition.wait() }
        waiting.append(batch)
        condition.broadcast()
    }

    /// No batch follows; `error`, if any, is thrown by `take` once the batches before it were taken.
    package func end(throwing error: (any Error)? = nil) {
        condition.lock()
        defer { condition.unlock() }
        ended = true
        failure = error
        condition.broadcast()
    }

    /// The next batch in the order they were put, or nil once the maker ended and every batch was taken.
    package func take() throws -> [Element]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !ended { condition.wait() }
        if !waiting.isEmpty {
            condition.broadcast()
            return waiting.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }
}
