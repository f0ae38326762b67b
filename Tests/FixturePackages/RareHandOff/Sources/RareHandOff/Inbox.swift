import Dispatch

/// An inbox whose `receive` hands the message to a task nobody awaits: the task indexes it on one actor
/// and files it on another, both on Dispatch queues of their own (as a database or a cache often is). A
/// caller that checks `filed` has no way to know when that happened; it can only wait long enough, usually.
@MainActor public final class Inbox {
    public let folder = Folder()
    /// Bookkeeping of its own, which the hand-off never touches: a test can await it without queueing
    /// behind the hand-off's hops.
    public let ledger = Ledger()
    let indexer = Indexer()
    let work = QueueTaskExecutor(label: "inbox.work")

    public init() {}

    /// Fire and forget: the task starts on the inbox's own queue and hops to the indexer's and the
    /// folder's, after the caller has moved on.
    public nonisolated func receive(_ message: String) {
        let indexer = indexer, folder = folder
        Task(executorPreference: work) {
            let key = await indexer.key(for: message)
            await folder.file(key)
        }
    }

    /// The gated version: the same hops, awaited.
    public func receiveAndWait(_ message: String) async {
        let key = await indexer.key(for: message)
        await folder.file(key)
    }
}

public actor Indexer {
    private let executor = QueueSerialExecutor(label: "inbox.indexer")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    func key(for message: String) -> String { message.uppercased() }
}

public actor Folder {
    private let executor = QueueSerialExecutor(label: "inbox.folder")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    public private(set) var filed: [String] = []
    func file(_ key: String) { filed.append(key) }
}

/// On Swift's own executors, like most of an app's state.
public actor Ledger {
    private var entries = 0
    public func touch(_ step: Int) -> Int {
        entries += 1
        return step + entries
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

/// A task's preferred executor on a serial Dispatch queue.
final class QueueTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue
    init(label: String) { queue = DispatchQueue(label: label) }
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
