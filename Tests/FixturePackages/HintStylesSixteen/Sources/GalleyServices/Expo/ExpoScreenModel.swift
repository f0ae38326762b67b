import GalleyModel

/// Where the expo screen loads open tickets from (local store or the back-office API).
public protocol TicketSource: Sendable {
    func openTickets() async -> [Ticket]
}

/// View model behind the expo screen.
@MainActor
public final class ExpoScreenModel {
    private let source: TicketSource
    public private(set) var tickets: [Ticket] = []
    public private(set) var isLoading = false

    public nonisolated init(source: TicketSource) {
        self.source = source
    }

    /// Bound to the pull-to-refresh gesture.
    public func refresh() {
        isLoading = true
        let source = self.source
        Task {
            let loaded = await source.openTickets()
            self.tickets = loaded.sorted { $0.number < $1.number }
            self.isLoading = false
        }
    }
}
