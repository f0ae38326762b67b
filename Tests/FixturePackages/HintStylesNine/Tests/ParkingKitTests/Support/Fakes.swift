import Foundation
import ParkingCore

struct SensorOffline: Error, CustomStringConvertible {
    var description: String { "sensor gateway offline" }
}

/// Canned occupancy numbers; counts how often each zone was asked for.
final class StubOccupancyProvider: OccupancyProvider, @unchecked Sendable {
    private let occupied: [ZoneID: Int]
    private let calls = LockedBox<[ZoneID: Int]>([:])

    init(occupied: [ZoneID: Int]) {
        self.occupied = occupied
    }

    var totalCalls: Int { calls.value.values.reduce(0, +) }

    func callCount(for zone: ZoneID) -> Int {
        calls.value[zone, default: 0]
    }

    func occupiedSpaces(in zone: ZoneID) async throws -> Int {
        calls.mutate { $0[zone, default: 0] += 1 }
        guard let count = occupied[zone] else { throw SensorOffline() }
        return count
    }
}

/// Fails a fixed number of times before answering.
final class FlakyOccupancyProvider: OccupancyProvider, @unchecked Sendable {
    private let failures: Int
    private let answer: Int
    private let counter = LockedBox(0)

    init(failures: Int, thenReturn answer: Int) {
        self.failures = failures
        self.answer = answer
    }

    var attempts: Int { counter.value }

    func occupiedSpaces(in zone: ZoneID) async throws -> Int {
        let attempt = counter.mutate { count -> Int in
            count += 1
            return count
        }
        if attempt <= failures {
            throw SensorOffline()
        }
        return answer
    }
}

enum DirectoryError: Error, CustomStringConvertible {
    case offline

    var description: String { "offline" }
}

struct StubZoneDirectory: ZoneDirectory {
    var zones: [ZoneSummary]
    var details: [ZoneID: ZoneDetail]
    var failure: DirectoryError?

    static let harbourDistrict = StubZoneDirectory(
        zones: [
            ZoneSummary(id: "B2", name: "Market St", freeSpaces: 3),
            ZoneSummary(id: "A1", name: "Harbour Garage", freeSpaces: 18),
        ],
        details: [
            "A1": ZoneDetail(id: "A1", hourlyRateCents: 300, maxStay: .seconds(4 * 3600)),
            "B2": ZoneDetail(id: "B2", hourlyRateCents: 250, maxStay: .seconds(2 * 3600), notes: ["Loading bay 7-9am"]),
        ],
        failure: nil
    )

    static let offline = StubZoneDirectory(zones: [], details: [:], failure: .offline)

    func summaries() async throws -> [ZoneSummary] {
        if let failure { throw failure }
        return zones
    }

    func detail(for zone: ZoneID) async throws -> ZoneDetail {
        if let failure { throw failure }
        guard let detail = details[zone] else { throw DirectoryError.offline }
        return detail
    }
}

/// Approves every charge instantly and remembers it.
actor RecordingGateway: PaymentGateway {
    private(set) var charges: [(cents: Int, currency: String, reference: String)] = []

    func charge(cents: Int, currency: String, reference: String) async throws -> String {
        charges.append((cents, currency, reference))
        return "txn-\(charges.count)"
    }
}

/// Simulates a processor with network latency.
struct SlowGateway: PaymentGateway {
    var latency: Duration

    func charge(cents: Int, currency: String, reference: String) async throws -> String {
        try await Task.sleep(for: latency)
        return "slow-\(reference)"
    }
}

/// Holds each charge open until the test approves it, like a 3-D Secure prompt.
actor SuspendingGateway: PaymentGateway {
    private var heldCharge: CheckedContinuation<String, any Error>?
    private var chargeObservers: [CheckedContinuation<Void, Never>] = []

    func charge(cents: Int, currency: String, reference: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            heldCharge = continuation
            for observer in chargeObservers {
                observer.resume()
            }
            chargeObservers.removeAll()
        }
    }

    /// Returns once a charge is being held.
    func waitUntilCharging() async {
        if heldCharge != nil { return }
        await withCheckedContinuation { continuation in
            chargeObservers.append(continuation)
        }
    }

    func approve(reference: String) {
        heldCharge?.resume(returning: reference)
        heldCharge = nil
    }
}

/// Collects delivered local-notification bodies.
actor NotificationOutbox {
    private(set) var messages: [String] = []

    func deliver(_ message: String) {
        messages.append(message)
    }
}

actor ExtensionRecorder {
    private(set) var calls: [(sessionID: String, by: Duration)] = []

    func record(_ sessionID: String, _ by: Duration) {
        calls.append((sessionID, by))
    }
}
