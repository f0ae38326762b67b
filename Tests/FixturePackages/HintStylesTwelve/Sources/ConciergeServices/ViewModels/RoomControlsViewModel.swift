import ConciergeCore
import Foundation

/// In-room controller bridge (door sign, thermostat).
public protocol RoomControlling: Sendable {
    func setDoNotDisturb(_ enabled: Bool, room: RoomNumber) async -> Bool
}

@MainActor
public final class RoomControlsViewModel {
    public let room: RoomNumber
    public private(set) var isDoNotDisturbOn = false
    public private(set) var lastError: String?

    private let controls: any RoomControlling

    public init(room: RoomNumber, controls: any RoomControlling) {
        self.room = room
        self.controls = controls
    }

    /// Flips the sign optimistically, then reconciles with what the room controller accepted.
    public func toggleDoNotDisturb() {
        let desired = !isDoNotDisturbOn
        isDoNotDisturbOn = desired
        let controls = self.controls
        let room = self.room
        Task {
            let confirmed = await controls.setDoNotDisturb(desired, room: room)
            isDoNotDisturbOn = confirmed
            lastError = confirmed == desired ? nil : "Room \(room) did not accept the change"
        }
    }
}
