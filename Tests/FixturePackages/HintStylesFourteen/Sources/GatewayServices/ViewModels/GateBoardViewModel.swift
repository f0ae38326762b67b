import Foundation
import GatewayModel

/// The departures board inside the app: live gate per flight.
@MainActor
public final class GateBoardViewModel {
    public private(set) var gates: [FlightNumber: String] = [:]
    public private(set) var lastChange: GateChange?
    private var listener: Task<Void, Never>?

    public init(initial: [FlightNumber: String] = [:]) {
        self.gates = initial
    }

    public func startListening(to announcer: GateAnnouncer) {
        let stream = announcer.changes()
        listener?.cancel()
        listener = Task { [weak self] in
            for await change in stream {
                self?.apply(change)
            }
        }
    }

    public func stopListening() {
        listener?.cancel()
        listener = nil
    }

    private func apply(_ change: GateChange) {
        gates[change.flight] = change.toGate
        lastChange = change
    }
}
