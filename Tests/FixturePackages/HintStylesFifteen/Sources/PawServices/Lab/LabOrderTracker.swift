import Foundation
import PawModel

/// Raises an overdue flag when the reference lab misses its turnaround time.
public final class LabOrderTracker: @unchecked Sendable {
    private struct State {
        var orders: [LabOrderID: LabOrder] = [:]
        var alarms: [LabOrderID: ScheduledWorkToken] = [:]
    }

    private let scheduler: any ClinicScheduler
    private let turnaround: TimeInterval
    private let state = Locked(State())

    public init(scheduler: any ClinicScheduler, turnaround: TimeInterval = 48 * 3600) {
        self.scheduler = scheduler
        self.turnaround = turnaround
    }

    public func place(_ order: LabOrder) {
        let id = order.id
        let token = scheduler.schedule(after: turnaround) { [weak self] in
            self?.turnaroundElapsed(for: id)
        }
        state.withLock {
            $0.orders[id] = order
            $0.alarms[id] = token
        }
    }

    public func record(_ result: LabResult) {
        let token = state.withLock { state -> ScheduledWorkToken? in
            state.orders[result.orderID]?.status = .resulted
            return state.alarms.removeValue(forKey: result.orderID)
        }
        if let token {
            scheduler.cancel(token)
        }
    }

    public func status(of id: LabOrderID) -> LabOrderStatus? {
        state.withLock { $0.orders[id]?.status }
    }

    public var overdueOrders: [LabOrder] {
        state.withLock { $0.orders.values.filter { $0.status == .overdue } }
            .sorted { $0.placedAt < $1.placedAt }
    }

    private func turnaroundElapsed(for id: LabOrderID) {
        state.withLock { state in
            state.alarms[id] = nil
            if state.orders[id]?.status == .pending {
                state.orders[id]?.status = .overdue
            }
        }
    }
}
