import ConciergeCore
import Foundation

/// Live housekeeping status of every room, as shown on the housekeeping office screen.
public actor HousekeepingBoard {
    private var statuses: [RoomNumber: CleaningStatus]
    private var histories: [RoomNumber: [CleaningStatus]]

    public init(statuses: [RoomNumber: CleaningStatus] = [:]) {
        self.statuses = statuses
        self.histories = statuses.mapValues { [$0] }
    }

    public func status(of room: RoomNumber) -> CleaningStatus? {
        statuses[room]
    }

    public func update(_ room: RoomNumber, to status: CleaningStatus) {
        guard statuses[room] != status else { return }
        statuses[room] = status
        histories[room, default: []].append(status)
    }

    public func markDirty(_ room: RoomNumber) {
        update(room, to: .dirty)
    }

    public func rooms(onFloor floor: Int? = nil, status: CleaningStatus) -> [RoomNumber] {
        statuses
            .filter { entry in entry.value == status && (floor == nil || entry.key.floor == floor) }
            .map(\.key)
            .sorted()
    }

    public func history(of room: RoomNumber) -> [CleaningStatus] {
        histories[room] ?? []
    }
}
