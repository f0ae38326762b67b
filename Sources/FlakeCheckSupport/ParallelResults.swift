import Foundation

/// The results of work done on several threads at once (`DispatchQueue.concurrentPerform`), one slot per
/// piece of work, read back in order once all of it ended. An error of any piece is rethrown.
package final class ParallelResults<Value>: @unchecked Sendable {
    private var slots: [Result<Value, any Error>?]
    private let lock = NSLock()

    package init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    package func set(_ index: Int, _ result: Result<Value, any Error>) {
        lock.withLock { slots[index] = result }
    }

    /// Every piece's value in order; call after the work ended.
    package func values() throws -> [Value] {
        try lock.withLock { slots }.map { slot in
            guard let slot else { preconditionFailure("a piece of parallel work never reported") }
            return try slot.get()
        }
    }
}
