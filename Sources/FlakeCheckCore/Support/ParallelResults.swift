import Foundation

/// The results of work done on several threads at once (`DispatchQueue.concurrentPerform`), one slot per
/// piece of work, read back in order once all of it ended. An error of any piece is rethrown.
final class ParallelResults<Value>: @unchecked Sendable {
    private var slots: [Result<Value, any Error>?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<Value, any Error>) {
        lock.withLock { slots[index] = result }
    }

    /// Every piece's value in order; call after the work ended.
    func values() throws -> [Value] {
        try lock.withLock { slots }.map { slot in
            guard let slot else { preconditionFailure("a piece of parallel work never reported") }
            return try slot.get()
        }
    }
}
