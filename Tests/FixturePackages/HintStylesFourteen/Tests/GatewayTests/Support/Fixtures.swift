import Foundation
import GatewayModel
import GatewayServices

enum Fixtures {
    static let flight: FlightNumber = "QX214"

    static let ada = Passenger(id: "QX7P2L-1", fullName: "Ada Lovelace", tier: .platinum)
    static let grace = Passenger(id: "QX7P2L-2", fullName: "Grace Hopper", tier: .gold)
    static let alan = Passenger(id: "ZT44RM-1", fullName: "Alan Turing", tier: .silver)
    static let edsger = Passenger(id: "ZT44RM-2", fullName: "Edsger Dijkstra")

    static let family: [Passenger] = [
        Passenger(id: "FAM001-1", fullName: "Maria Silva", tier: .gold),
        Passenger(id: "FAM001-2", fullName: "João Silva"),
        Passenger(id: "FAM001-3", fullName: "Ana Silva"),
        Passenger(id: "FAM001-4", fullName: "Rui Silva"),
    ]

    static func bag(_ id: String, kg: Double = 21, owner: Passenger = ada) -> Bag {
        Bag(id: id, weightKg: kg, ownerID: owner.id)
    }

    static func pass(for passenger: Passenger = ada, seat: SeatNumber = "14C") -> BoardingPass {
        BoardingPass(passengerID: passenger.id, flight: flight, seat: seat, gate: "A3", group: 1, channel: .kiosk)
    }
}

/// The services behind the check-in screen, wired the way the app wires them.
struct CheckInStack {
    let inventory = SeatInventory()
    let audit = AuditTrail()
    let gates: StaticGateDirectory
    let service: CheckInService

    init(gate: String = "A3") {
        gates = StaticGateDirectory([Fixtures.flight: gate])
        service = CheckInService(inventory: inventory, audit: audit, gates: gates)
    }
}
