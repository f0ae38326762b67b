import GalleyModel

/// Pulls pending delivery orders and books them into the kitchen.
public final class DeliveryIntake: Sendable {
    private let client: DeliveryAppClient
    private let book: OrderBook

    public init(client: DeliveryAppClient, book: OrderBook) {
        self.client = client
        self.book = book
    }

    /// Calls `completion` with the number of orders booked, after all of them are in the book.
    public func importPending(completion: @escaping @Sendable (Int) -> Void) {
        let book = self.book
        client.fetchPending { orders in
            Task {
                for order in orders {
                    await book.submit(order)
                }
                completion(orders.count)
            }
        }
    }
}
