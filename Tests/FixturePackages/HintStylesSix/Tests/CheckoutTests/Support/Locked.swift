import Foundation

/// Tiny lock box so spies can be read synchronously from test bodies.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value

    init(_ value: Value) { _value = value }

    var value: Value {
        lock.lock(); defer { lock.unlock() }
        return _value
    }

    func withValue<R>(_ body: (inout Value) -> R) -> R {
        lock.lock(); defer { lock.unlock() }
        return body(&_value)
    }

    func set(_ newValue: Value) {
        withValue { $0 = newValue }
    }
}
