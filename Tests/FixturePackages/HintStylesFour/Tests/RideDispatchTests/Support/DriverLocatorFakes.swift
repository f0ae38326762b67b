import Foundation
import RideDispatch

enum Fixtures {
    static let pickup = Coordinate(latitude: 51.5007, longitude: -0.1246)

    static let nearDriver = Driver(id: "drv-near", position: Coordinate(latitude: 51.5010, longitude: -0.1240), region: "south")
    static let farDriver = Driver(id: "drv-far", position: Coordinate(latitude: 51.5200, longitude: -0.1000), region: "north")

    static func request(_ rider: String = "rider-1") -> RideRequest {
        RideRequest(riderID: rider, pickup: pickup)
    }
}

/// Returns a canned list immediately.
struct StubDriverLocator: DriverLocating {
    var roster: [Driver]

    func drivers(near point: Coordinate) async throws -> [Driver] {
        roster
    }
}

/// Simulates a slow geo backend: suspends for `latency` before answering.
struct SluggishDriverLocator: DriverLocating {
    var roster: [Driver]
    var latency: Duration = .milliseconds(150)

    func drivers(near point: Coordinate) async throws -> [Driver] {
        try await Task.sleep(for: latency)
        return roster
    }
}

/// Lets a test await the moment the dispatcher first queries the locator.
actor SignallingDriverLocator: DriverLocating {
    private let roster: [Driver]
    private(set) var requestCount = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(roster: [Driver]) {
        self.roster = roster
    }

    func drivers(near point: Coordinate) async throws -> [Driver] {
        requestCount += 1
        let pending = waiters
        waiters.removeAll()
        pending.forEach { $0.resume() }
        return roster
    }

    func waitForRequest() async {
        if requestCount > 0 { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

/// Same idea as `SignallingDriverLocator`, but observed by polling.
final class PollingDriverLocator: DriverLocating, @unchecked Sendable {
    private let roster: [Driver]
    private let countLock = NSLock()
    private var _requestCount = 0

    init(roster: [Driver]) {
        self.roster = roster
    }

    var requestCount: Int {
        countLock.criticalSection { _requestCount }
    }

    func drivers(near point: Coordinate) async throws -> [Driver] {
        countLock.criticalSection { _requestCount += 1 }
        return roster
    }

    func waitForRequest() async {
        while requestCount == 0 {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
