import ConciergeCore
import Foundation

public struct RoundReport: Sendable, Equatable {
    public let floor: Int
    public let cleanedRooms: [RoomNumber]
    public let skippedRooms: [RoomNumber]
}

/// Runs a housekeeping round on one floor: every dirty room is cleaned unless the guest has Do Not Disturb on.
public final class HousekeepingCoordinator: Sendable {
    private let board: HousekeepingBoard
    private let isDoNotDisturb: @Sendable (RoomNumber) async -> Bool

    public init(board: HousekeepingBoard, isDoNotDisturb: @escaping @Sendable (RoomNumber) async -> Bool = { _ in false }) {
        self.board = board
        self.isDoNotDisturb = isDoNotDisturb
    }

    /// Callback API used by the housekeeping tablet app.
    public func startRound(floor: Int, completion: @escaping @Sendable (RoundReport) -> Void) {
        let board = self.board
        let isDoNotDisturb = self.isDoNotDisturb
        Task {
            var cleaned: [RoomNumber] = []
            var skipped: [RoomNumber] = []
            for room in await board.rooms(onFloor: floor, status: .dirty) {
                if await isDoNotDisturb(room) {
                    skipped.append(room)
                    continue
                }
                await board.update(room, to: .cleaning)
                await board.update(room, to: .clean)
                cleaned.append(room)
            }
            completion(RoundReport(floor: floor, cleanedRooms: cleaned, skippedRooms: skipped))
        }
    }

    /// Async wrapper around the callback API.
    public func runRound(floor: Int) async -> RoundReport {
        await withCheckedContinuation { continuation in
            startRound(floor: floor) { report in
                continuation.resume(returning: report)
            }
        }
    }
}
