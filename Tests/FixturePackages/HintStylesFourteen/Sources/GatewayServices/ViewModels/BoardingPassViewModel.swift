import Foundation
import GatewayModel

/// Backs the wallet-style boarding pass card.
@MainActor
public final class BoardingPassViewModel {
    public private(set) var boardingPass: BoardingPass?
    public private(set) var gateText: String = "—"

    private let service: CheckInService
    private let gates: GateDirectory
    private var loadTask: Task<Void, Never>?

    public init(service: CheckInService, gates: GateDirectory) {
        self.service = service
        self.gates = gates
    }

    public func load(passengerID: String) {
        loadTask?.cancel()
        loadTask = Task {
            let pass = await service.currentPass(for: passengerID)
            if !Task.isCancelled {
                self.boardingPass = pass
            }
        }
    }

    public func refreshGate(for flight: FlightNumber) {
        Task {
            self.gateText = await gates.gateLabel(for: flight)
        }
    }
}
