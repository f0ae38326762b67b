import Dispatch
import Foundation

/// A journal: an actor on a Dispatch queue of its own (as a database or a file store often is), whose
/// entry count is an unchecked global (`nonisolated(unsafe)`), written after a suspension inside the
/// actor's method. By then the writing task resumes from the queue, so a ThreadSanitizer stack of the
/// write holds the method's resume function and Dispatch, not the test that awaited it; and two
/// journals' queues order nothing between them, so two callers with a journal each race on the global.
public actor Journal {
    nonisolated(unsafe) public static var entries = 0
    public static let title = "journal"
    private let executor = QueueSerialExecutor(label: "journal")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    public init() {}

    /// This journal's own count, safe behind the actor.
    public private(set) var recorded = 0

    /// Waits its turn on the journal's queue, then counts, here and in the global.
    public func record() async {
        await Task.yield()
        Journal.entries += 1
        recorded += 1
    }
}

/// The same count behind a lock: no race, whoever calls it.
public actor LockedJournal {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries = 0
    private let executor = QueueSerialExecutor(label: "locked-journal")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    public init() {}

    public func record() -> Int {
        Self.lock.withLock {
            Self.entries += 1
            return Self.entries
        }
    }
}

/// An actor's executor on a serial Dispatch queue.
final class QueueSerialExecutor: SerialExecutor, @unchecked Sendable {
    private let queue: DispatchQueue
    init(label: String) { queue = DispatchQueue(label: label) }
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }
}
