import GalleyModel

/// What has been bumped off the pass, used for the end-of-night speed report.
public actor BumpHistory {
    public struct Entry: Hashable, Sendable {
        public let ticketNumber: Int
        public let station: Station
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    public var bumpedNumbers: [Int] { entries.map(\.ticketNumber) }

    public func record(ticketNumber: Int, station: Station) {
        entries.append(Entry(ticketNumber: ticketNumber, station: station))
    }
}

/// Writes bumps to history off the UI path.
public struct BumpAnnouncer: Sendable {
    private let history: BumpHistory

    public init(history: BumpHistory) {
        self.history = history
    }

    func announce(ticketNumber: Int, station: Station) {
        let history = self.history
        Task.detached(priority: .utility) {
            await history.record(ticketNumber: ticketNumber, station: station)
        }
    }
}
