import Foundation
import MooringModel

public protocol PedestalController: Sendable {
    func cutPower(boat: String) async
}

/// Watches pedestal current and trips the supply before the pontoon breaker goes.
public final class ShorePowerMonitor: @unchecked Sendable {
    private let states = Synchronized<[String: ShorePowerState]>([:])
    private let pedestals: any PedestalController
    private let breakerLimitAmps: Double

    public init(pedestals: any PedestalController, breakerLimitAmps: Double = 32) {
        self.pedestals = pedestals
        self.breakerLimitAmps = breakerLimitAmps
    }

    public func ingest(_ reading: SensorReading) {
        guard reading.kind == .shorePower else { return }
        Task {
            await self.evaluate(reading)
        }
    }

    public func state(for boat: String) -> ShorePowerState {
        states.read { $0[boat] ?? .unknown }
    }

    private func evaluate(_ reading: SensorReading) async {
        if reading.value > breakerLimitAmps {
            await pedestals.cutPower(boat: reading.boatName)
            states.mutate { $0[reading.boatName] = .tripped }
        } else {
            states.mutate { $0[reading.boatName] = .normal }
        }
    }
}
