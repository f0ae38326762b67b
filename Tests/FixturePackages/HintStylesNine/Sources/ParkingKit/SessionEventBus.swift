import Foundation

public enum SessionEvent: Hashable, Sendable {
    case started(sessionID: String)
    case extended(sessionID: String, minutes: Int)
    case expired(sessionID: String)
}

/// Minimal observer list shared by the widget, the watch app and analytics.
public final class SessionEventBus: @unchecked Sendable {
    public struct Subscription: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    private let lock = NSLock()
    private var handlers: [UInt64: @Sendable (SessionEvent) -> Void] = [:]
    private var nextID: UInt64 = 0

    public init() {}

    @discardableResult
    public func subscribe(_ handler: @escaping @Sendable (SessionEvent) -> Void) -> Subscription {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        handlers[nextID] = handler
        return Subscription(id: nextID)
    }

    public func unsubscribe(_ subscription: Subscription) {
        lock.lock()
        handlers[subscription.id] = nil
        lock.unlock()
    }

    /// Delivers on the caller's thread.
    public func post(_ event: SessionEvent) {
        lock.lock()
        let current = Array(handlers.values)
        lock.unlock()
        for handler in current {
            handler(event)
        }
    }

    /// Delivers off the caller's thread so slow observers can't stall the meter.
    public func broadcast(_ event: SessionEvent) {
        Task.detached(priority: .utility) { [self] in
            self.post(event)
        }
    }
}
