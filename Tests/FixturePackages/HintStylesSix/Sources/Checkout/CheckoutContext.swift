public enum CheckoutContext {
    /// Bound by the hosting app per storefront request.
    @TaskLocal public static var merchantID: String?
}

public struct RefundRequest: Sendable, Equatable {
    public var merchantID: String
    public var authorizationID: String
    public var amount: Int
}

public struct PaymentRouter: Sendable {
    let gateway: any PaymentGateway
    let token: String

    public init(gateway: any PaymentGateway, token: String = "tok_default") {
        self.gateway = gateway
        self.token = token
    }
}

extension PaymentRouter {
    public func authorize(amount: Int) async throws -> Authorization {
        guard let merchant = CheckoutContext.merchantID else {
            throw PaymentError.missingMerchant
        }
        return try await gateway.authorize(
            PaymentRequest(merchantID: merchant, amount: amount, token: token)
        )
    }

    public func refundRequest(for authorization: Authorization) -> RefundRequest {
        RefundRequest(
            merchantID: CheckoutContext.merchantID ?? "unknown",
            authorizationID: authorization.id,
            amount: authorization.amount
        )
    }
}
