import ConciergeCore
import Foundation

public enum ServiceReason: String, Sendable, Equatable {
    case extraTowels
    case turndown
    case spillCleanup
    case maintenance
}

public struct Attendant: Sendable, Hashable {
    public let name: String
    public let floors: ClosedRange<Int>

    public init(name: String, floors: ClosedRange<Int>) {
        self.name = name
        self.floors = floors
    }
}

public protocol AttendantPaging: Sendable {
    func page(_ attendant: Attendant, room: RoomNumber, reason: ServiceReason) async
}

/// Routes guest service requests to the attendant covering that floor.
public actor HousekeepingDispatcher {
    private let roster: [Attendant]
    private let pager: any AttendantPaging
    private var openRequests: [RoomNumber: ServiceReason] = [:]

    public init(roster: [Attendant], pager: any AttendantPaging) {
        self.roster = roster
        self.pager = pager
    }

    public func requestService(for room: RoomNumber, reason: ServiceReason) async {
        openRequests[room] = reason
        guard let attendant = roster.first(where: { $0.floors.contains(room.floor) }) ?? roster.first else {
            return
        }
        let pager = self.pager
        switch DeskEnvironment.sideEffects {
        case .inline:
            await pager.page(attendant, room: room, reason: reason)
        case .background:
            Task {
                await pager.page(attendant, room: room, reason: reason)
            }
        }
    }

    public func openRequest(for room: RoomNumber) -> ServiceReason? {
        openRequests[room]
    }
}
