import Foundation

/// Set once when the user presses Ctrl-C (or a caller gives up); every worker and every running child
/// process checks it, so no new runs start and running ones are stopped promptly.
package final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    package init() {}

    package var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    package func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
}
