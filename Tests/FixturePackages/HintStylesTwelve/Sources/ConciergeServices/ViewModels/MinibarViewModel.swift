import ConciergeCore
import Foundation

/// Minibar screen on the housekeeping tablet: the attendant taps what was consumed.
@MainActor
public final class MinibarViewModel {
    public let room: RoomNumber
    public private(set) var lines: [MinibarItem] = []
    public private(set) var runningTotalCents = 0

    private let billing: MinibarBilling

    public init(room: RoomNumber, billing: MinibarBilling) {
        self.room = room
        self.billing = billing
    }

    public func add(_ item: MinibarItem) {
        lines.append(item)
        runningTotalCents += item.priceCents
        let billing = self.billing
        let room = self.room
        Task {
            await billing.recordConsumption(item, room: room)
            runningTotalCents = await billing.pendingTotal(for: room)
        }
    }
}
