import Foundation
import GatewayModel

/// Standby list for one flight, cleared automatically at the cut-off.
public actor StandbyDesk {
    public let flight: FlightNumber
    private var list = StandbyList()
    private let clock: GateClock
    public private(set) var cleared: [Passenger] = []
    private var cutoff: Duration?

    public init(flight: FlightNumber, clock: GateClock = SystemGateClock()) {
        self.flight = flight
        self.clock = clock
    }

    public func add(_ passenger: Passenger) {
        list.add(passenger)
    }

    /// From the app's "put me on standby" button; returns immediately.
    nonisolated public func requestStandby(_ passenger: Passenger) {
        Task {
            await self.add(passenger)
        }
    }

    public var waitingCount: Int { list.count }

    public func snapshot() -> [Passenger] { list.ordered }

    public func scheduleClearance(seats: Int, at cutoff: Duration) {
        self.cutoff = cutoff
        clock.schedule(at: cutoff) { [weak self] in
            await self?.clear(seats: seats)
        }
    }

    public func cutoffDescription() -> String {
        guard let cutoff else { return "no cut-off" }
        return "clears at +\(cutoff.components.seconds / 60) min"
    }

    private func clear(seats: Int) {
        cleared.append(contentsOf: list.clear(seats: seats))
    }
}
