import Foundation

/// Standby passengers for one flight, cleared by tier then by arrival order.
public struct StandbyList: Sendable {
    public struct Entry: Hashable, Sendable {
        public let passenger: Passenger
        public let sequence: Int
    }

    public private(set) var entries: [Entry] = []
    private var nextSequence = 0

    public init() {}

    public var count: Int { entries.count }

    public mutating func add(_ passenger: Passenger) {
        guard !entries.contains(where: { $0.passenger.id == passenger.id }) else { return }
        entries.append(Entry(passenger: passenger, sequence: nextSequence))
        nextSequence += 1
    }

    /// Priority order: higher tier first, then first come first served.
    public var ordered: [Passenger] {
        entries.sorted {
            $0.passenger.tier != $1.passenger.tier
                ? $0.passenger.tier > $1.passenger.tier
                : $0.sequence < $1.sequence
        }.map(\.passenger)
    }

    /// Removes and returns the top `seats` passengers.
    public mutating func clear(seats: Int) -> [Passenger] {
        let cleared = Array(ordered.prefix(max(0, seats)))
        let ids = Set(cleared.map(\.id))
        entries.removeAll { ids.contains($0.passenger.id) }
        return cleared
    }
}
