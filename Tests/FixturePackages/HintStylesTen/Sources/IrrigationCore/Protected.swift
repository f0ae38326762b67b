import Foundation

/// A small lock-protected box for state that is touched both from hardware
/// callbacks (plain threads) and from Swift concurrency tasks.
///
/// The lock is only ever taken inside these synchronous accessors, so callers
/// in async code never hold it across a suspension point.
public final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value

    public init(_ value: Value) {
        storage = value
    }

    public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    @discardableResult
    public func mutate<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage)
    }
}
