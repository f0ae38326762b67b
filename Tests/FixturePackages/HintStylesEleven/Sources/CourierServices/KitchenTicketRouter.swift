import Foundation
import CourierModel

/// Splits an order into one ticket per kitchen station and sends each to that station's printer.
public actor KitchenTicketRouter {
    private let printer: any KitchenPrinting
    private var nextSequence: Int
    public private(set) var printedTickets: [KitchenTicket] = []

    public init(printer: any KitchenPrinting, startingSequence: Int = 1) {
        self.printer = printer
        self.nextSequence = startingSequence
    }

    public func route(_ order: Order) async throws -> [KitchenTicket] {
        let grouped = Dictionary(grouping: order.items, by: \.station)
        var tickets: [KitchenTicket] = []
        // Stations are printed in menu order so the expo sees a consistent layout.
        for station in KitchenStation.allCases {
            guard let items = grouped[station], !items.isEmpty else { continue }
            let ticket = KitchenTicket(
                orderID: order.id,
                station: station,
                sequence: nextSequence,
                lines: items.map(Self.line(for:))
            )
            nextSequence += 1
            try await printer.printTicket(ticket)
            printedTickets.append(ticket)
            tickets.append(ticket)
        }
        return tickets
    }

    static func line(for item: LineItem) -> String {
        var line = "\(item.quantity)x \(item.name)"
        if let notes = item.notes, !notes.isEmpty {
            line += " (\(notes))"
        }
        return line
    }
}
