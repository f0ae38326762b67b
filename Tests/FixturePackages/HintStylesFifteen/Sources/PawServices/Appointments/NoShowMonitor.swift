import Foundation
import PawModel

/// Flags patients who have not arrived by the end of the grace period after their slot starts.
public final class NoShowMonitor: @unchecked Sendable {
    private struct State {
        var arrived: Set<AppointmentID> = []
        var noShows: [AppointmentID] = []
        var alarms: [AppointmentID: ScheduledWorkToken] = [:]
    }

    private let scheduler: any ClinicScheduler
    private let gracePeriod: TimeInterval
    private let state = Locked(State())

    public init(scheduler: any ClinicScheduler, gracePeriod: TimeInterval = 15 * 60) {
        self.scheduler = scheduler
        self.gracePeriod = gracePeriod
    }

    public func watch(_ appointment: Appointment) {
        let id = appointment.id
        let token = scheduler.schedule(at: appointment.start.addingTimeInterval(gracePeriod)) { [weak self] in
            self?.gracePeriodElapsed(for: id)
        }
        state.withLock { $0.alarms[id] = token }
    }

    public func recordArrival(_ id: AppointmentID) {
        let token = state.withLock { state -> ScheduledWorkToken? in
            state.arrived.insert(id)
            return state.alarms.removeValue(forKey: id)
        }
        if let token {
            scheduler.cancel(token)
        }
    }

    public var noShows: [AppointmentID] {
        state.withLock { $0.noShows }
    }

    private func gracePeriodElapsed(for id: AppointmentID) {
        state.withLock { state in
            state.alarms[id] = nil
            if !state.arrived.contains(id) {
                state.noShows.append(id)
            }
        }
    }
}
