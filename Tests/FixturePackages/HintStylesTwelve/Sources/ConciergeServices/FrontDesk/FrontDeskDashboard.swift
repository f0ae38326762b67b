import ConciergeCore
import Foundation

public struct DashboardSnapshot: Sendable, Equatable {
    public let occupancy: OccupancySummary
    public let expectedArrivals: Int
    public let vipArrivals: [String]
    public let roomsAwaitingCleaning: [RoomNumber]
}

/// The morning overview the front-desk manager opens first.
public struct FrontDeskDashboard: Sendable {
    private let inventory: RoomInventory
    private let arrivals: any ArrivalsProviding
    private let board: HousekeepingBoard

    public init(inventory: RoomInventory, arrivals: any ArrivalsProviding, board: HousekeepingBoard) {
        self.inventory = inventory
        self.arrivals = arrivals
        self.board = board
    }

    public func loadSnapshot(for date: Date) async -> DashboardSnapshot {
        async let occupancy = inventory.occupancySummary()
        async let expected = arrivals.arrivals(on: date)
        async let dirty = board.rooms(status: .dirty)

        let (summary, reservations, awaitingCleaning) = await (occupancy, expected, dirty)
        let vips = reservations
            .filter { $0.guest.tier >= .gold }
            .map(\.guest.fullName)
            .sorted()
        return DashboardSnapshot(
            occupancy: summary,
            expectedArrivals: reservations.count,
            vipArrivals: vips,
            roomsAwaitingCleaning: awaitingCleaning
        )
    }
}
