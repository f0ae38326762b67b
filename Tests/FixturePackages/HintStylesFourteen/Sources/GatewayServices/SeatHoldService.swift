import Foundation
import GatewayModel

/// Temporarily holds a seat while the passenger pays; unpaid holds expire.
public actor SeatHoldService {
    public static let holdDuration: Duration = .seconds(15 * 60)

    private let inventory: SeatInventory
    private let clock: GateClock
    private var holds: [SeatNumber: ScheduleToken] = [:]
    public private(set) var expiredCount = 0

    public init(inventory: SeatInventory, clock: GateClock = SystemGateClock()) {
        self.inventory = inventory
        self.clock = clock
    }

    public func hold(_ seat: SeatNumber, for passengerID: String) async throws {
        try await inventory.assign(seat, to: passengerID)
        holds[seat]?.cancel()
        holds[seat] = clock.schedule(after: Self.holdDuration) { [weak self] in
            await self?.expire(seat)
        }
    }

    public func confirm(_ seat: SeatNumber) {
        holds.removeValue(forKey: seat)?.cancel()
    }

    public func isHeld(_ seat: SeatNumber) -> Bool {
        holds[seat] != nil
    }

    private func expire(_ seat: SeatNumber) async {
        guard holds.removeValue(forKey: seat) != nil else { return }
        expiredCount += 1
        await inventory.release(seat)
    }
}
