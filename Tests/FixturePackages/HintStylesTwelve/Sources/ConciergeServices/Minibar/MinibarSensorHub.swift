import ConciergeCore
import Foundation

/// Receives weight-sensor events from smart minibars. The sensor SDK calls in on its own thread.
public actor MinibarSensorHub {
    private let catalog: MinibarCatalog
    private var pending: [RoomNumber: [Charge]] = [:]
    private var unknownSlotEvents = 0

    public init(catalog: MinibarCatalog = .standard) {
        self.catalog = catalog
    }

    /// Sensor SDK entry point; must not block the SDK thread.
    public nonisolated func sensorTripped(slot: Int, room: RoomNumber) {
        Task {
            await self.ingest(slot: slot, room: room)
        }
    }

    public func pendingCharges(for room: RoomNumber) -> [Charge] {
        pending[room] ?? []
    }

    public var unknownSlotEventCount: Int { unknownSlotEvents }

    private func ingest(slot: Int, room: RoomNumber) {
        guard let item = catalog.item(inSlot: slot) else {
            unknownSlotEvents += 1
            return
        }
        pending[room, default: []].append(
            Charge(room: room, description: item.name, amountCents: item.priceCents, category: .minibar)
        )
    }
}
