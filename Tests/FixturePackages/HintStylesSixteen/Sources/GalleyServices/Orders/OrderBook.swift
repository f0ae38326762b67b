import GalleyModel

/// The kitchen's record of open orders and the ticket numbers handed out for them.
public actor OrderBook {
    private let acknowledgements: AcknowledgementSink
    private var nextTicket: Int
    private var openOrders: [String: Order] = [:]
    private var arrival: [String] = []
    private var acknowledged: Set<String> = []

    public init(acknowledgements: AcknowledgementSink, firstTicket: Int = 101) {
        self.acknowledgements = acknowledgements
        self.nextTicket = firstTicket
    }

    /// Accepts an order and returns its ticket number. The acknowledgement back to
    /// the channel goes out in the background so the line never waits on the network.
    @discardableResult
    public func submit(_ order: Order) -> Int {
        let number = nextTicket
        nextTicket += 1
        openOrders[order.id] = order
        arrival.append(order.id)

        let sink = acknowledgements
        Task {
            await sink.acknowledge(orderID: order.id, ticketNumber: number)
            self.markAcknowledged(order.id)
        }
        return number
    }

    public func openOrderIDs() -> [String] {
        arrival
    }

    public func isAcknowledged(_ orderID: String) -> Bool {
        acknowledged.contains(orderID)
    }

    public func close(_ orderID: String) {
        openOrders[orderID] = nil
        arrival.removeAll { $0 == orderID }
    }

    private func markAcknowledged(_ orderID: String) {
        acknowledged.insert(orderID)
    }
}
