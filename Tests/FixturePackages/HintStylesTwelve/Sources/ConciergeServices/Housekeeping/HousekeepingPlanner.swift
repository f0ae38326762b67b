import ConciergeCore
import Foundation

/// Builds the morning cleaning plan, one list per floor.
public struct HousekeepingPlanner: Sendable {
    public init() {}

    public func planRounds(on board: HousekeepingBoard, floors: [Int]) async -> [Int: [RoomNumber]] {
        await withTaskGroup(of: (Int, [RoomNumber]).self) { group in
            for floor in floors {
                group.addTask {
                    (floor, await board.rooms(onFloor: floor, status: .dirty))
                }
            }
            var plan: [Int: [RoomNumber]] = [:]
            for await (floor, rooms) in group {
                plan[floor] = rooms
            }
            return plan
        }
    }
}
