import ConciergeCore
import Foundation

public struct RestockRequest: Sendable, Equatable {
    public let room: RoomNumber
    public let sku: String
    public let quantity: Int

    public init(room: RoomNumber, sku: String, quantity: Int) {
        self.room = room
        self.sku = sku
        self.quantity = quantity
    }
}

/// Tracks shelf levels and asks the runner to restock a slot when it is empty.
public actor MinibarRestocker {
    private let par: [String: Int]
    private var onHand: [RoomNumber: [String: Int]] = [:]
    private let onRestockNeeded: @Sendable (RestockRequest) -> Void

    public init(par: [String: Int], onRestockNeeded: @escaping @Sendable (RestockRequest) -> Void) {
        self.par = par
        self.onRestockNeeded = onRestockNeeded
    }

    public func stock(_ room: RoomNumber) {
        onHand[room] = par
    }

    public func recordConsumption(sku: String, quantity: Int, room: RoomNumber) {
        var shelf = onHand[room] ?? par
        let remaining = max(0, (shelf[sku] ?? 0) - quantity)
        shelf[sku] = remaining
        onHand[room] = shelf
        if remaining == 0 {
            onRestockNeeded(RestockRequest(room: room, sku: sku, quantity: par[sku] ?? 0))
        }
    }

    public func onHandCount(sku: String, room: RoomNumber) -> Int {
        onHand[room]?[sku] ?? par[sku] ?? 0
    }
}
