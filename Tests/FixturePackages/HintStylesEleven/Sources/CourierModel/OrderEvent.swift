import Foundation

/// Analytics / audit events emitted as an order moves through the pipeline.
public enum OrderEvent: Hashable, Sendable {
    case placed(OrderID)
    case ticketPrinted(OrderID, KitchenStation)
    case courierAssigned(OrderID, CourierID)
    case readyForPickup(OrderID)
    case pickedUp(OrderID, CourierID)
    case delivered(OrderID)
    case cancelled(OrderID, reason: String)

    public var name: String {
        switch self {
        case .placed: return "order_placed"
        case .ticketPrinted: return "kitchen_ticket_printed"
        case .courierAssigned: return "courier_assigned"
        case .readyForPickup: return "order_ready_for_pickup"
        case .pickedUp: return "order_picked_up"
        case .delivered: return "order_delivered"
        case .cancelled: return "order_cancelled"
        }
    }

    public var orderID: OrderID {
        switch self {
        case .placed(let id),
             .ticketPrinted(let id, _),
             .courierAssigned(let id, _),
             .readyForPickup(let id),
             .pickedUp(let id, _),
             .delivered(let id),
             .cancelled(let id, _):
            return id
        }
    }
}
