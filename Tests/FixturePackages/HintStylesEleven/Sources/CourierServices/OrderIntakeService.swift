import Foundation
import CourierModel

/// Accepts orders from the customer app, persists them and fires the kitchen tickets.
public actor OrderIntakeService {
    private let store: any OrderStore
    private let kitchen: KitchenTicketRouter
    private let analytics: any AnalyticsReporting
    private let openRestaurants: Set<RestaurantID>
    public private(set) var submittedCount = 0

    public init(
        store: any OrderStore,
        kitchen: KitchenTicketRouter,
        analytics: any AnalyticsReporting,
        openRestaurants: Set<RestaurantID>
    ) {
        self.store = store
        self.kitchen = kitchen
        self.analytics = analytics
        self.openRestaurants = openRestaurants
    }

    /// Validates, stores and routes the order. Returns the tickets that were printed.
    @discardableResult
    public func submit(_ order: Order) async throws -> [KitchenTicket] {
        try validate(order)
        if await store.order(order.id) != nil {
            throw OrderValidationError.duplicateOrder(order.id)
        }
        var accepted = order
        accepted.status = .accepted
        await store.save(accepted)
        submittedCount += 1

        let tickets = try await kitchen.route(accepted)
        var preparing = accepted
        preparing.status = .preparing
        await store.save(preparing)

        analytics.track(.placed(order.id))
        return tickets
    }

    public nonisolated func validate(_ order: Order) throws {
        guard !order.items.isEmpty else {
            throw OrderValidationError.emptyBasket
        }
        if let bad = order.items.first(where: { $0.quantity <= 0 }) {
            throw OrderValidationError.nonPositiveQuantity(item: bad.name)
        }
        guard openRestaurants.contains(order.restaurantID) else {
            throw OrderValidationError.restaurantClosed(order.restaurantID)
        }
    }

    /// Backs the "Order again" button: hands the order off and returns immediately so the
    /// UI can dismiss the sheet.
    public nonisolated func submitInBackground(_ order: Order) {
        Task.detached(priority: .userInitiated) { [self] in
            _ = try? await self.submit(order)
        }
    }
}
