import Foundation
import MooringModel

/// Locks a pump that has been left dispensing with nobody finishing the sale.
public actor PumpTimeoutMonitor {
    private var states: [Int: PumpState] = [:]
    private var timers: [Int: Task<Void, Never>] = [:]
    private let clock: any MarinaClock
    private let idleLimit: Duration

    public init(clock: any MarinaClock, idleLimit: Duration = .seconds(5 * 60)) {
        self.clock = clock
        self.idleLimit = idleLimit
    }

    public func startDispensing(pump: Int, boat: String) {
        states[pump] = .dispensing(boat: boat)
        timers[pump]?.cancel()
        timers[pump] = Task { [clock, idleLimit] in
            do {
                try await clock.sleep(for: idleLimit)
            } catch {
                return
            }
            self.lockIfStillDispensing(pump)
        }
    }

    public func finish(pump: Int) {
        timers[pump]?.cancel()
        timers[pump] = nil
        states[pump] = .idle
    }

    public func unlock(pump: Int) {
        if states[pump] == .locked { states[pump] = .idle }
    }

    public func state(of pump: Int) -> PumpState {
        states[pump] ?? .idle
    }

    private func lockIfStillDispensing(_ pump: Int) {
        timers[pump] = nil
        if case .dispensing = states[pump] {
            states[pump] = .locked
        }
    }
}
