import Foundation

/// Hands out a number no other process of this flakecheck invocation gets, for naming scratch files
/// (event streams). Run indices are not enough: two strategies of `compare` have the same run indices,
/// and their processes run at the same time, so a file named by run index is shared, deleted and lost.
package final class ProcessSerial: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    package init() {}

    package func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        return next
    }
}
