import Foundation
import GatewayModel

/// Keeps the gate screens in step with the groups the agent has called.
actor GateFeedSyncer {
    private let feed: GateDisplayFeed
    private var inFlight: Task<Void, Never>?

    init(feed: GateDisplayFeed) {
        self.feed = feed
    }

    func start(groups: [Int], for flight: FlightNumber) {
        let previous = inFlight
        let feed = self.feed
        inFlight = Task {
            await previous?.value
            await feed.publish(groups: groups, for: flight)
        }
    }

    func awaitInFlight() async {
        await inFlight?.value
    }
}

/// The agent's queue of boarding calls.
actor BoardingQueue {
    private let syncer: GateFeedSyncer
    private(set) var calledGroups: [Int] = []

    init(syncer: GateFeedSyncer) {
        self.syncer = syncer
    }

    func call(groups: [Int], for flight: FlightNumber) async {
        calledGroups.append(contentsOf: groups)
        await syncer.start(groups: groups, for: flight)
    }

    func flushPending() async {
        await syncer.awaitInFlight()
    }
}

/// Entry point for the gate agent's boarding screen.
public actor BoardingCoordinator {
    private let queue: BoardingQueue
    private let audit: AuditTrail

    public init(feed: GateDisplayFeed, audit: AuditTrail) {
        self.queue = BoardingQueue(syncer: GateFeedSyncer(feed: feed))
        self.audit = audit
    }

    public func beginBoarding(_ flight: FlightNumber, groups: ClosedRange<Int>) async {
        await queue.call(groups: Array(groups), for: flight)
    }

    public func calledGroups() async -> [Int] {
        await queue.calledGroups
    }

    /// Waits for anything the coordinator still has in flight.
    public func quiesce() async {
        await queue.flushPending()
    }

    public func closeFlight(_ flight: FlightNumber) {
        let audit = self.audit
        Task {
            await audit.append("closed \(flight)")
        }
    }
}
