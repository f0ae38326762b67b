public struct FraudScore: Sendable, Equatable {
    public var risk: Int
    public init(risk: Int) { self.risk = risk }

    public static let low = FraudScore(risk: 5)
    public static let high = FraudScore(risk: 90)
}

public enum FraudDecision: Sendable, Equatable {
    case approve
    case review
}

public protocol FraudScreener: Sendable {
    func score(_ order: Order) async -> FraudScore
}

public struct FraudCheck: Sendable {
    let screener: any FraudScreener
    let reviewThreshold: Int

    public init(screener: any FraudScreener, reviewThreshold: Int = 70) {
        self.screener = screener
        self.reviewThreshold = reviewThreshold
    }

    public func evaluate(_ order: Order) async -> FraudDecision {
        let score = await screener.score(order)
        return score.risk >= reviewThreshold ? .review : .approve
    }

    /// Pre-warms the screening cache while the user is still on the cart.
    public func prefetch(_ order: Order) {
        Task { _ = await evaluate(order) }
    }
}
