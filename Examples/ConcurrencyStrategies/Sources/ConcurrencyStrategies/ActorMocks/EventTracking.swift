// Strategy family 2: mocking an actor protocol that has a `nonisolated` member.
// Source article: actor-mocks-nonisolated-members.txt
//
// The mocks live in the test target (Tests/ConcurrencyStrategiesTests/Support/TrackerMocks.swift);
// this file only has the protocol, the real actor and a small consumer.

/// An actor-only protocol (it refines `Actor`, so only actors can conform).
/// `track(_:)` is `nonisolated` so callers can fire events without `await`.
public protocol EventTracking: Actor {
    /// Isolated requirement: callers must `await` it.
    func sessionID() -> String
    /// Nonisolated requirement: synchronous, callable from any context.
    nonisolated func track(_ event: String)
}

/// The production tracker. Its nonisolated `track` hands the event to the actor in an unstructured
/// task, which is fine for fire-and-forget analytics but means the event is recorded *later*.
public actor EventTracker: EventTracking {
    private var pending: [String] = []

    public init() {}

    public func sessionID() -> String { "live-session" }

    public nonisolated func track(_ event: String) {
        Task { await self.enqueue(event) }
    }

    private func enqueue(_ event: String) {
        pending.append(event)
    }
}

/// The code under test: it talks to the tracker through the protocol.
public struct CheckoutFlow: Sendable {
    private let tracker: any EventTracking

    public init(tracker: any EventTracking) {
        self.tracker = tracker
    }

    /// Reports one `purchase:<item>` event and returns an order reference.
    public func purchase(_ item: String) async -> String {
        tracker.track("purchase:\(item)")           // nonisolated: no await
        let session = await tracker.sessionID()    // isolated: a hop onto the tracker actor
        return "\(session)/\(item)"
    }
}
