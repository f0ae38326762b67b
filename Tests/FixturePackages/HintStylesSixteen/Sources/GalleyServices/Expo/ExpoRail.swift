import GalleyModel

/// Stream of tickets that reach the pass, consumed by the expo screen and the pager.
public final class ExpoFeed: Sendable {
    public let readyTickets: AsyncStream<Ticket>
    private let continuation: AsyncStream<Ticket>.Continuation

    public init() {
        let (stream, continuation) = AsyncStream.makeStream(of: Ticket.self)
        self.readyTickets = stream
        self.continuation = continuation
    }

    func publish(_ ticket: Ticket) {
        continuation.yield(ticket)
    }

    public func close() {
        continuation.finish()
    }
}

/// The heat-lamp rail. Stations mark plates ready here; the rail publishes them to the feed.
public actor ExpoRail {
    private let feed: ExpoFeed
    public private(set) var plated: [Ticket] = []

    public init(feed: ExpoFeed) {
        self.feed = feed
    }

    public nonisolated func markReady(_ ticket: Ticket) {
        Task {
            await self.accept(ticket)
        }
    }

    private func accept(_ ticket: Ticket) {
        var ready = ticket
        ready.status = .ready
        plated.append(ready)
        feed.publish(ready)
    }
}
