import Foundation
import MooringModel

/// The attendant's screen on the fuel pontoon.
@MainActor
public final class FuelDockViewModel {
    public private(set) var nowServing: FuelTicket?
    public private(set) var announcement: String?

    private let queue: FuelDockQueue

    public init(queue: FuelDockQueue) {
        self.queue = queue
    }

    public func callNextBoat() {
        Task {
            let next = await queue.serveNext()
            self.nowServing = next
            if let next {
                self.announcement = "Number \(next.number), \(next.request.boatName), come alongside the fuel berth."
            } else {
                self.announcement = nil
            }
        }
    }
}
