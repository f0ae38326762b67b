import GalleyModel

/// Radio link to the servers' pagers.
public protocol PagerTransport: Sendable {
    func transmit(_ message: PagerMessage) async
}

/// Sends "food up" buzzes to servers.
public actor ServerPager {
    private let transport: PagerTransport
    public private(set) var deliveredCount = 0

    public init(transport: PagerTransport) {
        self.transport = transport
    }

    public func send(_ message: PagerMessage) async {
        await transport.transmit(message)
        deliveredCount += 1
    }

    /// Fire-and-forget entry point for station screens.
    public nonisolated func page(server: String, text: String, table: Int? = nil) {
        let message = PagerMessage(server: server, text: text, tableNumber: table)
        Task {
            await self.send(message)
        }
    }
}

/// The bell on the pass: ringing it pages whoever owns the ticket's table.
public struct ReadyBell: Sendable {
    private let pager: ServerPager
    private let serverForTable: @Sendable (Int) -> String

    public init(pager: ServerPager, serverForTable: @escaping @Sendable (Int) -> String) {
        self.pager = pager
        self.serverForTable = serverForTable
    }

    public func ring(for ticket: Ticket, table: Int) {
        pager.page(server: serverForTable(table), text: "Ticket \(ticket.number) up", table: table)
    }
}
