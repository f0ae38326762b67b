import Foundation
import MooringModel

/// The skipper-facing "request fuel" screen.
@MainActor
public final class FuelDockStation {
    public private(set) var pending: FuelTicket?
    public private(set) var lastError: String?

    private let queue: FuelDockQueue
    private let maxLitres: Int

    public init(queue: FuelDockQueue, maxLitres: Int = 1_000) {
        self.queue = queue
        self.maxLitres = maxLitres
    }

    public func requestFuel(_ request: FuelRequest) {
        guard request.litres > 0, request.litres <= maxLitres else {
            lastError = "Please ask for between 1 and \(maxLitres) litres."
            return
        }
        lastError = nil
        Task {
            let ticket = await queue.enqueue(request)
            self.pending = ticket
        }
    }

    public func withdraw() {
        guard let ticket = pending else { return }
        pending = nil
        Task { await queue.cancel(boatName: ticket.request.boatName) }
    }
}
