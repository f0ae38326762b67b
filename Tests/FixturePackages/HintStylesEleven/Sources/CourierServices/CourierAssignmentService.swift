import Foundation
import CourierModel

public enum AssignmentError: Error, Equatable, Sendable {
    case noCourierAvailable(OrderID)
    case alreadyAssigned(OrderID, CourierID)
}

public protocol AssignmentLookup: Sendable {
    func courier(assignedTo orderID: OrderID) async -> CourierID?
}

/// Picks the nearest free courier for an order.
public actor CourierAssignmentService: AssignmentLookup {
    private let directory: any CourierDirectory
    private let analytics: (any AnalyticsReporting)?
    private var assignments: [OrderID: CourierID] = [:]
    /// Couriers promised to an order but whose availability flag may not be updated yet.
    private var reserved: Set<CourierID> = []

    public init(directory: any CourierDirectory, analytics: (any AnalyticsReporting)? = nil) {
        self.directory = directory
        self.analytics = analytics
    }

    public func courier(assignedTo orderID: OrderID) -> CourierID? {
        assignments[orderID]
    }

    public func assignNearestCourier(to order: Order) async throws -> Courier {
        if let existing = assignments[order.id] {
            throw AssignmentError.alreadyAssigned(order.id, existing)
        }
        let candidates = await directory.availableCouriers()
        // Re-check after the suspension: another assignment may have run meanwhile.
        if let existing = assignments[order.id] {
            throw AssignmentError.alreadyAssigned(order.id, existing)
        }
        let free = candidates.filter { !reserved.contains($0.id) }
        let pickup = order.pickup
        guard let nearest = free.min(by: {
            $0.location.distanceKilometres(to: pickup) < $1.location.distanceKilometres(to: pickup)
        }) else {
            throw AssignmentError.noCourierAvailable(order.id)
        }
        reserved.insert(nearest.id)
        assignments[order.id] = nearest.id
        await directory.setAvailability(false, for: nearest.id)
        analytics?.track(.courierAssigned(order.id, nearest.id))
        return nearest
    }

    public func release(_ orderID: OrderID) async {
        guard let courierID = assignments.removeValue(forKey: orderID) else { return }
        reserved.remove(courierID)
        await directory.setAvailability(true, for: courierID)
    }

    /// For the dispatcher console: starts an assignment and hands back its task so the
    /// caller can decide whether to wait.
    public nonisolated func requestAssignment(for order: Order) -> Task<Courier?, Never> {
        Task {
            try? await self.assignNearestCourier(to: order)
        }
    }
}
