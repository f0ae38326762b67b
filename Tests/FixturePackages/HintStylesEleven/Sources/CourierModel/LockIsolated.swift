import Foundation

/// A value protected by a lock, for state that synchronous callers (device callbacks,
/// view code, tests) need to read without hopping onto an actor.
public final class LockIsolated<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) {
        self.value = value
    }

    public func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    public var snapshot: Value {
        withValue { $0 }
    }

    public func set(_ newValue: Value) {
        withValue { $0 = newValue }
    }
}
