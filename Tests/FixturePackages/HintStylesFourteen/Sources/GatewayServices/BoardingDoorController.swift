import Foundation
import GatewayModel

/// Jet-bridge door: final call, then automatic close after the window.
public actor BoardingDoorController {
    public static let finalCallWindow: Duration = .seconds(10 * 60)

    public private(set) var state: DoorState = .open
    public private(set) var closedAt: Duration?
    private let clock: GateClock
    private var closeToken: ScheduleToken?

    public init(clock: GateClock = SystemGateClock()) {
        self.clock = clock
    }

    public func announceFinalCall() {
        guard state == .open else { return }
        state = .finalCall
        closeToken = clock.schedule(after: Self.finalCallWindow) { [weak self] in
            await self?.closeDoor()
        }
    }

    public func closeDoor() {
        closeToken?.cancel()
        closeToken = nil
        state = .closed
        closedAt = clock.now
    }

    /// Late-running connection: push the close time back.
    public func extendFinalCall(byMinutes minutes: Int) {
        guard state == .finalCall else { return }
        closeToken?.cancel()
        closeToken = clock.schedule(after: Self.finalCallWindow + .seconds(minutes * 60)) { [weak self] in
            await self?.closeDoor()
        }
    }
}
