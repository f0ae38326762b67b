import Foundation

/// The solenoid manifold. Implementations talk RS-485 to the valve board.
public protocol ValveActuator: Sendable {
    func send(_ command: ValveCommand) async throws
}

/// The booster pump in front of the manifold.
public protocol PumpDriver: Sendable {
    func setRunning(_ running: Bool) async throws
    func pressureBar() async -> Double
}

/// A capacitive soil-moisture probe in one zone.
public protocol MoistureSensor: Sendable {
    var zone: ZoneID { get }
    func read() async throws -> MoistureReading
}

public enum HardwareError: Error, Equatable, Sendable {
    case busTimeout
    case rejected(String)
}
