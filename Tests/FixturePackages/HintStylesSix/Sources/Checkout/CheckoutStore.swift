public struct CheckoutEnvironment: Sendable {
    public var gateway: any PaymentGateway
    public var mailer: any ReceiptMailer
    public var shipping: any ShippingQuoter

    public init(gateway: any PaymentGateway, mailer: any ReceiptMailer, shipping: any ShippingQuoter) {
        self.gateway = gateway
        self.mailer = mailer
        self.shipping = shipping
    }
}

@MainActor
public final class CheckoutStore {
    public internal(set) var state: CheckoutState
    public internal(set) var viewedScreens: [String] = []
    let environment: CheckoutEnvironment

    public init(state: CheckoutState = CheckoutState(), environment: CheckoutEnvironment) {
        self.state = state
        self.environment = environment
    }

    /// Reduces synchronously, then runs the resulting effect in a task the
    /// caller may await or drop.
    @discardableResult
    public func send(_ action: CheckoutAction) -> Task<Void, Never> {
        let effect = CheckoutReducer.reduce(into: &state, action: action)
        return Task { await self.perform(effect) }
    }

    /// Called from UIKit-ish lifecycle hooks that are not main-actor aware.
    nonisolated public func recordView(_ screen: String) {
        Task { @MainActor in
            self.viewedScreens.append(screen)
        }
    }
}
