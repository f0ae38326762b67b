import ConciergeCore
import Foundation

/// Minibar consumption is held for a grace period (guests often return items) and then posted to the folio.
public actor MinibarBilling {
    private let scheduler: any DeskScheduler
    private let gracePeriod: Duration
    private var pending: [RoomNumber: [Charge]] = [:]
    private var posted: [RoomNumber: [Charge]] = [:]
    private var scheduledRooms: Set<RoomNumber> = []

    public init(scheduler: any DeskScheduler = TaskDeskScheduler(), gracePeriod: Duration = .seconds(30 * 60)) {
        self.scheduler = scheduler
        self.gracePeriod = gracePeriod
    }

    public func recordConsumption(_ item: MinibarItem, room: RoomNumber) {
        pending[room, default: []].append(
            Charge(room: room, description: item.name, amountCents: item.priceCents, category: .minibar)
        )
        guard scheduledRooms.insert(room).inserted else { return }
        scheduler.schedule(after: gracePeriod) { [weak self] in
            await self?.postPending(for: room)
        }
    }

    public func returnItem(_ item: MinibarItem, room: RoomNumber) {
        guard let index = pending[room]?.lastIndex(where: { $0.description == item.name }) else { return }
        pending[room]?.remove(at: index)
    }

    public func postPending(for room: RoomNumber) {
        scheduledRooms.remove(room)
        let charges = pending.removeValue(forKey: room) ?? []
        posted[room, default: []].append(contentsOf: charges)
    }

    public func pendingCharges(for room: RoomNumber) -> [Charge] {
        pending[room] ?? []
    }

    public func pendingTotal(for room: RoomNumber) -> Int {
        pendingCharges(for: room).reduce(0) { $0 + $1.amountCents }
    }

    public func postedCharges(for room: RoomNumber) -> [Charge] {
        posted[room] ?? []
    }
}
