public enum CheckoutPhase: Sendable, Equatable {
    case editing
    case submitting
    case paid(Authorization)
    case failed(PaymentError)
}

public struct CheckoutState: Sendable, Equatable {
    public var items: [LineItem]
    public var discountPercent: Int
    public var shippingCents: Int?
    public var phase: CheckoutPhase
    public var paymentToken: String

    public init(
        items: [LineItem] = [],
        discountPercent: Int = 0,
        shippingCents: Int? = nil,
        phase: CheckoutPhase = .editing,
        paymentToken: String = "tok_visa"
    ) {
        self.items = items
        self.discountPercent = discountPercent
        self.shippingCents = shippingCents
        self.phase = phase
        self.paymentToken = paymentToken
    }

    public var subtotal: Int { items.reduce(0) { $0 + $1.unitPrice * $1.quantity } }
    public var total: Int { subtotal - subtotal * discountPercent / 100 + (shippingCents ?? 0) }
}

public enum CheckoutAction: Sendable, Equatable {
    case add(LineItem)
    case remove(sku: String)
    case applyDiscount(percent: Int)
    case submit
    case retry
}

public enum CheckoutEffect: Sendable, Equatable {
    case none
    case refreshShipping
    case authorize(amount: Int, token: String)
}

public enum CheckoutReducer {
    public static func reduce(into state: inout CheckoutState, action: CheckoutAction) -> CheckoutEffect {
        switch action {
        case let .add(item):
            state.items.append(item)
            return .refreshShipping
        case let .remove(sku):
            state.items.removeAll { $0.sku == sku }
            return .refreshShipping
        case let .applyDiscount(percent):
            state.discountPercent = max(0, min(percent, 100))
            return .none
        case .submit:
            guard state.phase == .editing else { return .none }
            state.phase = .submitting
            return .authorize(amount: state.total, token: state.paymentToken)
        case .retry:
            guard case .failed = state.phase else { return .none }
            state.phase = .submitting
            return .authorize(amount: state.total, token: state.paymentToken)
        }
    }
}
