import Foundation

public enum ThermostatEvent: Sendable, Equatable {
    case reading(zone: String, celsius: Double)
    case heater(on: Bool)
    case fault(String)
}

/// Fan-out bus: every subscriber gets its own AsyncStream.
public final class EventBus: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: AsyncStream<ThermostatEvent>.Continuation] = [:]
    private var nextToken = 0

    public init() {}

    public var subscriberCount: Int {
        lock.lock(); defer { lock.unlock() }
        return subscribers.count
    }

    public func subscribe() -> AsyncStream<ThermostatEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ThermostatEvent.self,
            bufferingPolicy: .bufferingNewest(64)
        )
        lock.lock()
        let token = nextToken
        nextToken += 1
        subscribers[token] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in
            self?.drop(token)
        }
        return stream
    }

    public func publish(_ event: ThermostatEvent) {
        lock.lock()
        let targets = Array(subscribers.values)
        lock.unlock()
        for target in targets {
            target.yield(event)
        }
    }

    public func finish() {
        lock.lock()
        let targets = Array(subscribers.values)
        subscribers.removeAll()
        lock.unlock()
        for target in targets {
            target.finish()
        }
    }

    private func drop(_ token: Int) {
        lock.lock()
        subscribers[token] = nil
        lock.unlock()
    }
}
