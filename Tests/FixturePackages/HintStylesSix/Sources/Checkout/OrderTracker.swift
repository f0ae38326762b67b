public enum OrderEvent: Sendable, Equatable {
    case placed(String)
    case shipped(String)
    case backordered(String)
}

public protocol FulfillmentProvider: Sendable {
    func ship(_ order: Order) async -> Bool
}

public final class OrderTracker: Sendable {
    public let events: AsyncStream<OrderEvent>
    private let continuation: AsyncStream<OrderEvent>.Continuation
    private let fulfillment: any FulfillmentProvider

    public init(fulfillment: any FulfillmentProvider) {
        self.fulfillment = fulfillment
        (events, continuation) = AsyncStream<OrderEvent>.makeStream()
    }

    public func start(_ order: Order) {
        Task {
            continuation.yield(.placed(order.id))
            let shipped = await fulfillment.ship(order)
            continuation.yield(shipped ? .shipped(order.id) : .backordered(order.id))
        }
    }
}
