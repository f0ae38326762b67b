import Foundation
import CourierModel

/// Receives location fixes from couriers' phones and fans them out to the map screens.
public final class LiveTrackingFeed: Sendable {
    public typealias Observer = @Sendable (TrackingPing) -> Void

    private struct State {
        var lastPing: TrackingPing?
        var pingsByOrder: [OrderID: [TrackingPing]] = [:]
        var observers: [UUID: Observer] = [:]
        var acceptedCount = 0
    }

    private let state = LockIsolated(State())
    private let snapper: any RoadSnapping

    public init(snapper: any RoadSnapping = PassthroughRoadSnapper()) {
        self.snapper = snapper
    }

    public var lastPing: TrackingPing? {
        state.withValue { $0.lastPing }
    }

    public var pingCount: Int {
        state.withValue { $0.acceptedCount }
    }

    public func route(for orderID: OrderID) -> [TrackingPing] {
        state.withValue { $0.pingsByOrder[orderID] ?? [] }
    }

    @discardableResult
    public func observe(_ observer: @escaping Observer) -> UUID {
        let token = UUID()
        state.withValue { $0.observers[token] = observer }
        return token
    }

    public func removeObserver(_ token: UUID) {
        state.withValue { _ = $0.observers.removeValue(forKey: token) }
    }

    /// A stream of accepted (snapped, non-stale) pings. Subscribes immediately.
    public func updates() -> AsyncStream<TrackingPing> {
        AsyncStream { continuation in
            let token = self.observe { ping in
                continuation.yield(ping)
            }
            continuation.onTermination = { [weak self] _ in
                self?.removeObserver(token)
            }
        }
    }

    /// Entry point for the courier SDK's location callback; never blocks the caller.
    public func ingest(_ ping: TrackingPing) {
        Task {
            await self.process(ping)
        }
    }

    func process(_ ping: TrackingPing) async {
        var accepted = ping
        accepted.coordinate = await snapper.snap(ping.coordinate)
        let observers: [Observer]? = state.withValue { current in
            if let last = current.pingsByOrder[accepted.orderID]?.last, last.recordedAt > accepted.recordedAt {
                return nil // out-of-order fix from a flaky connection
            }
            current.lastPing = accepted
            current.pingsByOrder[accepted.orderID, default: []].append(accepted)
            current.acceptedCount += 1
            return Array(current.observers.values)
        }
        for observer in observers ?? [] {
            observer(accepted)
        }
    }
}
