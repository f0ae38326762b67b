import GalleyModel

/// Tells the originating channel (POS terminal, delivery app) that the kitchen accepted an order.
public protocol AcknowledgementSink: Sendable {
    func acknowledge(orderID: String, ticketNumber: Int) async
}

/// Third-party delivery platform. Their SDK is callback based.
public protocol DeliveryAppClient: Sendable {
    func fetchPending(completion: @escaping @Sendable ([Order]) -> Void)
}
