import Foundation
import Synchronization

/// A global the compiler was told not to check (`nonisolated(unsafe)`), as the seed articles show it:
/// two threads counting at once is a data race. An `Int` keeps the race harmless to the process (an
/// array appended from two threads could corrupt the heap), so the test's outcome stays exact.
nonisolated(unsafe) public var tally = 0

public func count() { tally += 1 }

/// The same count behind a lock: no race, whoever calls it.
public final class LockedTally: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = 0

    public init() {}

    public func count() { lock.withLock { storage += 1 } }
    public var value: Int { lock.withLock { storage } }
}

/// The same count behind a `Synchronization.Mutex`, contended by its callers: ThreadSanitizer cannot see
/// the Mutex's slow path on Linux unless flakecheck's support library shows it.
public final class MutexTally: Sendable {
    private let storage = Mutex(0)

    public init() {}

    public func count() { storage.withLock { $0 += 1 } }
    public var value: Int { storage.withLock { $0 } }
}
