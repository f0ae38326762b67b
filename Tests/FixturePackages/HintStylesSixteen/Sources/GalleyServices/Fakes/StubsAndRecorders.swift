import Foundation
import GalleyModel

/// In-memory stand-ins for hardware and network, injected through the service protocols.

public actor RecordingAcknowledgementSink: AcknowledgementSink {
    public private(set) var acknowledged: [String: Int] = [:]

    public init() {}

    public func acknowledge(orderID: String, ticketNumber: Int) async {
        acknowledged[orderID] = ticketNumber
    }
}

public actor RecordingPagerTransport: PagerTransport {
    public private(set) var transmitted: [PagerMessage] = []

    public init() {}

    public func transmit(_ message: PagerMessage) async {
        transmitted.append(message)
    }
}

public actor RecordingPrinterDevice: PrinterDevice {
    public private(set) var printedOrderIDs: [String] = []
    public private(set) var printedTexts: [String] = []

    public init() {}

    public func printText(_ text: String, orderID: String) async {
        printedOrderIDs.append(orderID)
        printedTexts.append(text)
    }
}

public actor RecordingUploadEndpoint: UploadEndpoint {
    public private(set) var uploadedOrderIDs: [String] = []

    public init() {}

    public func upload(_ receipt: Receipt) async {
        uploadedOrderIDs.append(receipt.orderID)
    }
}

/// Delivery platform stub: answers on a background queue like the real SDK.
public final class StubDeliveryClient: DeliveryAppClient {
    private let orders: [Order]

    public init(orders: [Order]) {
        self.orders = orders
    }

    public func fetchPending(completion: @escaping @Sendable ([Order]) -> Void) {
        let orders = self.orders
        DispatchQueue.global().async {
            completion(orders)
        }
    }
}

public struct StubTicketSource: TicketSource {
    private let tickets: [Ticket]

    public init(tickets: [Ticket]) {
        self.tickets = tickets
    }

    public func openTickets() async -> [Ticket] {
        tickets
    }
}
