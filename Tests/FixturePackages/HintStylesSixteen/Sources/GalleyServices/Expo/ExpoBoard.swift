import GalleyModel

/// The expo's pass: tickets waiting to go out, and the bump button.
public actor ExpoBoard {
    private let relay: StationRelay
    public private(set) var onThePass: [Ticket] = []

    public init(history: BumpHistory) {
        self.relay = StationRelay(announcer: BumpAnnouncer(history: history))
    }

    public func place(_ ticket: Ticket) {
        onThePass.append(ticket)
    }

    /// Called straight from the touch handler, so it must not block.
    public nonisolated func bump(ticketNumber: Int, station: Station) {
        relay.forward(ticketNumber: ticketNumber, station: station)
    }
}
