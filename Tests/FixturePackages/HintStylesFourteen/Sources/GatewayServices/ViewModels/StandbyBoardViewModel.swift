import Foundation
import GatewayModel

/// The standby / upgrade list shown on the gate screen.
@MainActor
public final class StandbyBoardViewModel {
    public private(set) var rows: [String] = []
    public private(set) var upgradeBadge: String?

    private let desk: StandbyDesk

    public init(desk: StandbyDesk) {
        self.desk = desk
    }

    public func reload() {
        Task {
            let passengers = await desk.snapshot()
            self.rows = passengers.map(\.fullName)
            self.upgradeBadge = passengers.first.map { "Next: \($0.fullName)" }
        }
    }
}
