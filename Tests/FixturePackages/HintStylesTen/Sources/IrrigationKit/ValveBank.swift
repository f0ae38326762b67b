import Foundation
import IrrigationCore

/// Owns the solenoid manifold and tracks which zones are open.
public actor ValveBank {
    private let actuator: any ValveActuator
    public private(set) var openZones: Set<ZoneID> = []

    public init(actuator: any ValveActuator) {
        self.actuator = actuator
    }

    public func isOpen(_ zone: ZoneID) -> Bool {
        openZones.contains(zone)
    }

    public func open(_ zone: ZoneID) async throws {
        guard !openZones.contains(zone) else { return }
        try await actuator.send(.open(zone))
        openZones.insert(zone)
    }

    public func close(_ zone: ZoneID) async throws {
        guard openZones.contains(zone) else { return }
        try await actuator.send(.close(zone))
        openZones.remove(zone)
    }

    public func closeAll() async {
        for zone in openZones.sorted() {
            try? await close(zone)
        }
    }

    /// Called from the hardware watchdog's interrupt path, which cannot await.
    public nonisolated func emergencyShutOff() {
        Task.detached(priority: .high) {
            await self.closeAll()
        }
    }
}
