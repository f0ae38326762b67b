import Foundation

/// Time source for anything on the line that waits: dish timers, fryer baskets.
public protocol KitchenClock: Sendable {
    /// Seconds since an arbitrary origin.
    var now: Double { get }
    func sleep(until deadline: Double) async throws
}

public struct WallKitchenClock: KitchenClock {
    public init() {}

    public var now: Double { Date().timeIntervalSinceReferenceDate }

    public func sleep(until deadline: Double) async throws {
        let remaining = deadline - now
        guard remaining > 0 else { return }
        try await Task.sleep(nanoseconds: UInt64(remaining * 1_000_000_000))
    }
}

/// Callback-style scheduling, used by the pastry proofing board.
public protocol KitchenScheduler: Sendable {
    func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void)
}

public struct DispatchKitchenScheduler: KitchenScheduler {
    private let queue: DispatchQueue

    public init(queue: DispatchQueue = .global(qos: .utility)) {
        self.queue = queue
    }

    public func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + seconds, execute: action)
    }
}

extension NSLock {
    /// Runs `body` while holding the lock.
    func guarded<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
