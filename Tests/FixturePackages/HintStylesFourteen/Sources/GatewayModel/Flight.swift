import Foundation

public struct FlightNumber: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let carrier: String
    public let number: Int

    public init(carrier: String, number: Int) {
        self.carrier = carrier
        self.number = number
    }

    public init(stringLiteral value: String) {
        let carrier = String(value.prefix(2))
        self.init(carrier: carrier, number: Int(value.dropFirst(2)) ?? 0)
    }

    public var description: String { "\(carrier)\(number)" }
}

public struct Flight: Hashable, Sendable {
    public let number: FlightNumber
    public var destination: String
    public var gate: String

    public init(number: FlightNumber, destination: String, gate: String) {
        self.number = number
        self.destination = destination
        self.gate = gate
    }
}

public struct GateChange: Hashable, Sendable {
    public let flight: FlightNumber
    public let fromGate: String
    public let toGate: String

    public init(flight: FlightNumber, fromGate: String, toGate: String) {
        self.flight = flight
        self.fromGate = fromGate
        self.toGate = toGate
    }
}

public enum DoorState: Equatable, Sendable {
    case open
    case finalCall
    case closed
}
