import ConciergeCore
import Foundation

public struct BoardEntry: Sendable, Equatable {
    public let room: RoomNumber
    public let status: CleaningStatus
    public let attendant: String?

    public init(room: RoomNumber, status: CleaningStatus, attendant: String? = nil) {
        self.room = room
        self.status = status
        self.attendant = attendant
    }
}

/// Local cache of the housekeeping board that lives on the main actor with the UI.
@MainActor
public protocol HousekeepingBoardSource: AnyObject {
    func currentBoard() async -> [BoardEntry]
    func submitInspection(of room: RoomNumber, passed: Bool) async -> BoardEntry
}

@MainActor
public final class HousekeepingBoardViewModel {
    public private(set) var entries: [BoardEntry] = []
    public var floorFilter: Int?

    private let source: any HousekeepingBoardSource
    private var refreshTask: Task<Void, Never>?

    public init(source: any HousekeepingBoardSource) {
        self.source = source
    }

    public var dirtyRooms: [RoomNumber] {
        entries.filter { $0.status == .dirty }.map(\.room).sorted()
    }

    public func entry(for room: RoomNumber) -> BoardEntry? {
        entries.first { $0.room == room }
    }

    public func refresh() {
        refreshTask?.cancel()
        let source = self.source
        refreshTask = Task {
            let board = await source.currentBoard()
            guard !Task.isCancelled else { return }
            entries = board
                .filter { floorFilter == nil || $0.room.floor == floorFilter }
                .sorted { $0.room < $1.room }
        }
    }

    public func recordInspection(of room: RoomNumber, passed: Bool) {
        let source = self.source
        Task {
            let updated = await source.submitInspection(of: room, passed: passed)
            entries.removeAll { $0.room == updated.room }
            entries.append(updated)
            entries.sort { $0.room < $1.room }
        }
    }
}
