import Foundation
import MooringModel

/// Drives the "hold this berth" sheet: a berth is held for a short time while the skipper
/// fills in their details, then released automatically if they wander off.
@MainActor
public final class BerthHoldViewModel {
    public private(set) var status: BookingStatus?
    public private(set) var heldBerthID: String?

    private let clock: any MarinaClock
    private let holdDuration: Duration
    private var expiryTask: Task<Void, Never>?

    public init(clock: any MarinaClock, holdDuration: Duration = .seconds(15 * 60)) {
        self.clock = clock
        self.holdDuration = holdDuration
    }

    public func hold(berthID: String) {
        heldBerthID = berthID
        status = .held
        expiryTask?.cancel()
        expiryTask = Task { [clock, holdDuration] in
            do {
                try await clock.sleep(for: holdDuration)
            } catch {
                return
            }
            self.holdLapsed()
        }
    }

    public func confirm() {
        guard status == .held else { return }
        expiryTask?.cancel()
        expiryTask = nil
        status = .confirmed
    }

    private func holdLapsed() {
        guard status == .held else { return }
        status = .released
        heldBerthID = nil
    }
}
