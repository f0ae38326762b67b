import Foundation
import RideDispatch

actor EventLog {
    private(set) var events: [RiderEvent] = []

    func append(_ event: RiderEvent) {
        events.append(event)
    }
}

/// Records notifications on an actor; each `notify` hops there in its own task.
struct RecordingNotifier: RiderNotifying {
    let log = EventLog()

    func notify(_ event: RiderEvent) {
        Task { await log.append(event) }
    }
}

struct StubTripFetcher: TripFetching {
    var trips: [TripSummary]
    var failure: (any Error)?

    func activeTrips() async throws -> [TripSummary] {
        if let failure { throw failure }
        return trips
    }
}

struct StubDemandSampler: DemandSampling {
    var demand: Int
    var supply: Int

    func openRequests() async -> Int { demand }
    func idleDrivers() async -> Int { supply }
}

struct FixedGPSHardware: GPSHardware {
    var position: Coordinate?

    func readPosition() -> Coordinate? { position }
}

struct FixedSurge: SurgeProviding {
    var multiplier: Double

    func currentMultiplier() async -> Double { multiplier }
}

struct BoardError: Error {}

extension TripSummary {
    static let airportRun = TripSummary(id: "trip-a", riderName: "Ada", fare: 42.0)
    static let shortHop = TripSummary(id: "trip-b", riderName: "Grace", fare: 8.5)
}

/// Thread-safe holder for a value produced on a callback queue.
final class CallbackBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    var value: Value? {
        lock.criticalSection { stored }
    }

    func put(_ newValue: Value) {
        lock.criticalSection { stored = newValue }
    }
}
