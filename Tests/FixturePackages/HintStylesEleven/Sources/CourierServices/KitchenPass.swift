import Foundation
import CourierModel

/// Tells the rest of the pipeline that an order's food is waiting at the pass.
public final class ReadinessAnnouncer: Sendable {
    private let analytics: any AnalyticsReporting
    private let courierNotifier: any CourierNotifying
    private let assignments: any AssignmentLookup

    public init(analytics: any AnalyticsReporting, courierNotifier: any CourierNotifying, assignments: any AssignmentLookup) {
        self.analytics = analytics
        self.courierNotifier = courierNotifier
        self.assignments = assignments
    }

    public func orderReady(_ orderID: OrderID) {
        announce(.readyForPickup(orderID))
        let assignments = self.assignments
        let notifier = self.courierNotifier
        Task {
            guard let courier = await assignments.courier(assignedTo: orderID) else { return }
            await notifier.notify(courier, message: "Order \(orderID) is ready at the pass - head to the counter.")
        }
    }

    private func announce(_ event: OrderEvent) {
        analytics.track(event)
    }
}

/// The pass is the counter where station tickets are bumped when their food is done.
/// When the last station for an order bumps, the order is ready for the courier.
/// Called from the kitchen display's touch handler, so it must never block.
public final class KitchenPassService: Sendable {
    private let outstanding = LockIsolated<[OrderID: Set<KitchenStation>]>([:])
    private let announcer: ReadinessAnnouncer

    public init(announcer: ReadinessAnnouncer) {
        self.announcer = announcer
    }

    public func expect(_ tickets: [KitchenTicket]) {
        outstanding.withValue { outstanding in
            for ticket in tickets {
                outstanding[ticket.orderID, default: []].insert(ticket.station)
            }
        }
    }

    public func outstandingStations(for orderID: OrderID) -> Set<KitchenStation> {
        outstanding.withValue { $0[orderID] ?? [] }
    }

    public func ticketBumped(_ ticket: KitchenTicket) {
        let finished = outstanding.withValue { outstanding -> Bool in
            guard var remaining = outstanding[ticket.orderID] else { return false }
            remaining.remove(ticket.station)
            if remaining.isEmpty {
                outstanding[ticket.orderID] = nil
                return true
            }
            outstanding[ticket.orderID] = remaining
            return false
        }
        if finished {
            completeOrder(ticket.orderID)
        }
    }

    private func completeOrder(_ orderID: OrderID) {
        announcer.orderReady(orderID)
    }
}
