import ConciergeCore
import Foundation

/// Drives a departed room through cleaning and supervisor inspection.
public actor InspectionWorkflow {
    private let board: HousekeepingBoard
    private var inFlight: Set<RoomNumber> = []

    public init(board: HousekeepingBoard) {
        self.board = board
    }

    public func beginTurnover(of room: RoomNumber) {
        guard inFlight.insert(room).inserted else { return }
        let board = self.board
        Task {
            await board.update(room, to: .cleaning)
            await board.update(room, to: .clean)
            await board.update(room, to: .inspected)
            self.finish(room)
        }
    }

    public func isTurningOver(_ room: RoomNumber) -> Bool {
        inFlight.contains(room)
    }

    private func finish(_ room: RoomNumber) {
        inFlight.remove(room)
    }
}
