import Foundation
import GatewayModel

/// Online and desk check-in for one departure bank.
public actor CheckInService: BoardingPassIssuing {
    public enum CheckInError: Error, Equatable {
        case alreadyCheckedIn(String)
        case notCheckedIn(String)
    }

    private let inventory: SeatInventory
    private let audit: AuditTrail
    private let gates: GateDirectory
    private var records: [String: CheckInRecord] = [:]
    private var passes: [String: BoardingPass] = [:]

    public init(inventory: SeatInventory, audit: AuditTrail, gates: GateDirectory) {
        self.inventory = inventory
        self.audit = audit
        self.gates = gates
    }

    public func checkIn(_ passenger: Passenger, on flight: FlightNumber) async throws -> CheckInRecord {
        guard records[passenger.id] == nil else {
            throw CheckInError.alreadyCheckedIn(passenger.id)
        }
        let record = CheckInRecord(
            passenger: passenger, flight: flight,
            deskID: CheckInContext.deskID, channel: CheckInContext.channel
        )
        records[passenger.id] = record
        recordInBackground("checked-in \(passenger.id) \(flight)")
        return record
    }

    public func issueBoardingPass(for passenger: Passenger, on flight: FlightNumber, seat: SeatNumber) async throws -> BoardingPass {
        guard records[passenger.id] != nil else {
            throw CheckInError.notCheckedIn(passenger.id)
        }
        try await inventory.assign(seat, to: passenger.id)
        let gate = await gates.currentGate(for: flight)
        let pass = BoardingPass(
            passengerID: passenger.id, flight: flight, seat: seat, gate: gate,
            group: boardingGroup(for: passenger.tier),
            channel: CheckInContext.channel, deskID: CheckInContext.deskID
        )
        passes[passenger.id] = pass
        recordInBackground("pass \(passenger.id) \(seat)")
        return pass
    }

    public func currentPass(for passengerID: String) -> BoardingPass? {
        passes[passengerID]
    }

    public var checkedInCount: Int { records.count }

    /// The audit trail is best effort: check-in must not wait on the ops dashboard.
    private func recordInBackground(_ entry: String) {
        let audit = self.audit
        Task {
            await audit.append(entry)
        }
    }
}
