import Foundation
import GatewayModel
import GatewayServices

/// Thread-safe box for values captured in callbacks.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.lock(); body(&stored); lock.unlock()
    }
}

/// Prices seats from a fixed table: base fare plus the kind surcharge.
struct FixedFareQuoter: FareQuoting {
    var baseCents = 12_000
    var map = SeatMap.narrowBody()

    func quote(for seat: SeatNumber) async -> Fare {
        Fare(seat: seat, amountCents: map.price(for: seat, baseCents: baseCents) ?? baseCents)
    }
}

/// Stands in for the gate screens; remembers every group it was told about.
actor RecordingGateFeed: GateDisplayFeed {
    private(set) var published: [(group: Int, flight: FlightNumber)] = []

    func publish(group: Int, for flight: FlightNumber) async {
        // The real screens sit behind a network hop.
        await Task.yield()
        published.append((group, flight))
    }

    var publishedGroups: [Int] { published.map(\.group) }
}
