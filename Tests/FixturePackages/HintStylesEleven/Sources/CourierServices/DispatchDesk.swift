import Foundation
import CourierModel

/// Queues orders for courier assignment as they come off the kitchen line, and keeps the
/// dispatcher's board of who is carrying what.
public actor DispatchDesk {
    private let assignment: CourierAssignmentService
    private var inFlight: [OrderID: Task<CourierID?, Never>] = [:]
    private var settled: [OrderID: CourierID] = [:]
    private var unassignable: Set<OrderID> = []

    public init(assignment: CourierAssignmentService) {
        self.assignment = assignment
    }

    public func enqueue(_ order: Order) {
        guard inFlight[order.id] == nil, settled[order.id] == nil else { return }
        let assignment = self.assignment
        let pending = Task<CourierID?, Never> {
            do {
                return try await assignment.assignNearestCourier(to: order).id
            } catch {
                return nil
            }
        }
        inFlight[order.id] = pending
    }

    /// The dispatcher board. Includes every order queued so far.
    public func currentAssignments() async -> [OrderID: CourierID] {
        await settleInFlight()
        return settled
    }

    public var unassignableOrders: Set<OrderID> {
        unassignable
    }

    private func settleInFlight() async {
        while let next = inFlight.first {
            inFlight[next.key] = nil
            await record(next.value, for: next.key)
        }
    }

    private func record(_ pending: Task<CourierID?, Never>, for orderID: OrderID) async {
        if let courierID = await pending.value {
            settled[orderID] = courierID
        } else {
            unassignable.insert(orderID)
        }
    }
}
