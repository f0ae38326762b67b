import GalleyModel

/// A ticket the expo has put on hold ("wait for my call") until the rest of the table is ready.
@MainActor
public final class HeldTicket {
    public let number: Int
    public let station: Station
    public private(set) var state: TicketStatus = .queued
    public private(set) var continuation: CheckedContinuation<Int, Never>?
    private var fired = false

    public nonisolated init(number: Int, station: Station) {
        self.number = number
        self.station = station
    }

    /// Suspends the station's work until expo calls `fire()`. Returns the ticket number.
    public func holdUntilFired() async -> Int {
        if fired {
            state = .cooking
            return number
        }
        state = .holding
        return await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            self.continuation = continuation
        }
    }

    public func fire() {
        fired = true
        state = .cooking
        continuation?.resume(returning: number)
        continuation = nil
    }
}
