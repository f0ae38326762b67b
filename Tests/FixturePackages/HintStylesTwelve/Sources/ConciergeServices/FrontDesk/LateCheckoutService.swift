import ConciergeCore
import Foundation

public enum LateCheckoutDecision: Sendable, Equatable {
    case approved(untilHour: Int, feeCents: Int)
    case declined(reason: String)
}

public actor LateCheckoutService {
    private let propertySystem: any PropertyManagementSystem
    private var decisions: [RoomNumber: LateCheckoutDecision] = [:]

    public init(propertySystem: any PropertyManagementSystem) {
        self.propertySystem = propertySystem
    }

    public func request(room: RoomNumber, untilHour: Int, tier: LoyaltyTier) async -> LateCheckoutDecision {
        if let existing = decisions[room] {
            return existing
        }
        let available = await propertySystem.lateCheckoutAvailability(room: room, untilHour: untilHour)
        let decision: LateCheckoutDecision
        if available {
            decision = .approved(untilHour: untilHour, feeCents: Self.fee(for: tier, untilHour: untilHour))
        } else {
            decision = .declined(reason: "Room \(room) is needed for a same-day arrival")
        }
        decisions[room] = decision
        return decision
    }

    public func decision(for room: RoomNumber) -> LateCheckoutDecision? {
        decisions[room]
    }

    static func fee(for tier: LoyaltyTier, untilHour: Int) -> Int {
        let extraHours = max(0, untilHour - 11)
        switch tier {
        case .platinum, .gold: return 0
        case .silver: return extraHours * 1_000
        case .member: return extraHours * 2_500
        }
    }
}
