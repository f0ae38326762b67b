import ConciergeCore
import Foundation

public enum SpillSeverity: Sendable {
    case minor
    case major
}

/// Engineering / housekeeping incident intake. Reports arrive from handheld radios via a serial queue.
public final class IncidentDesk: @unchecked Sendable {
    private let outOfOrder = Locked<[RoomNumber: String]>([:])
    private let queue = DispatchQueue(label: "concierge.incident-desk", qos: .utility)

    public init() {}

    public func reportSpill(in room: RoomNumber, severity: SpillSeverity, note: String) {
        let outOfOrder = self.outOfOrder
        queue.async {
            guard severity == .major else { return }
            outOfOrder.withLock { $0[room] = "Spill cleanup: \(note)" }
        }
    }

    public func outOfOrderReason(for room: RoomNumber) -> String? {
        outOfOrder.withLock { $0[room] }
    }

    public var outOfOrderRooms: [RoomNumber] {
        outOfOrder.withLock { $0.keys.sorted() }
    }
}
