import GalleyModel

/// Passes bump events from the expo screen on to the stations' bookkeeping.
public struct StationRelay: Sendable {
    private let announcer: BumpAnnouncer

    public init(announcer: BumpAnnouncer) {
        self.announcer = announcer
    }

    func forward(ticketNumber: Int, station: Station) {
        guard ticketNumber > 0 else { return }
        announcer.announce(ticketNumber: ticketNumber, station: station)
    }
}
