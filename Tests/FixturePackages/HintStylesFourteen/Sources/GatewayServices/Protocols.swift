import Foundation
import GatewayModel

/// Prices a seat for the passenger currently selecting.
public protocol FareQuoting: Sendable {
    func quote(for seat: SeatNumber) async -> Fare
}

extension FareQuoting {
    public func quotes(for seats: [SeatNumber]) async -> [Fare] {
        var fares: [Fare] = []
        for seat in seats {
            fares.append(await quote(for: seat))
        }
        return fares
    }

    public func cheapest(of seats: [SeatNumber]) async -> Fare? {
        await quotes(for: seats).min { $0.amountCents < $1.amountCents }
    }
}

/// Looks up the gate a flight currently departs from.
public protocol GateDirectory: Sendable {
    func currentGate(for flight: FlightNumber) async -> String
}

extension GateDirectory {
    public func gateLabel(for flight: FlightNumber) async -> String {
        "Gate \(await currentGate(for: flight))"
    }
}

/// The display screens at the gate that show which boarding group is called.
public protocol GateDisplayFeed: Sendable {
    func publish(group: Int, for flight: FlightNumber) async
}

extension GateDisplayFeed {
    public func publish(groups: [Int], for flight: FlightNumber) async {
        for group in groups {
            await publish(group: group, for: flight)
        }
    }
}

/// Issues boarding passes; the default boarding group comes from the tier.
public protocol BoardingPassIssuing: Sendable {
    func issueBoardingPass(for passenger: Passenger, on flight: FlightNumber, seat: SeatNumber) async throws -> BoardingPass
}

extension BoardingPassIssuing {
    public func boardingGroup(for tier: LoyaltyTier) -> Int {
        switch tier {
        case .platinum: return 1
        case .gold: return 2
        case .silver: return 3
        case .none: return 4
        }
    }
}
