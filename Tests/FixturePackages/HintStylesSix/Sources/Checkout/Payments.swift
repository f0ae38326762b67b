public struct PaymentRequest: Sendable, Equatable {
    public var merchantID: String
    public var amount: Int
    public var token: String

    public init(merchantID: String, amount: Int, token: String) {
        self.merchantID = merchantID
        self.amount = amount
        self.token = token
    }
}

public struct Authorization: Sendable, Equatable {
    public var id: String
    public var amount: Int

    public init(id: String, amount: Int) {
        self.id = id
        self.amount = amount
    }
}

public enum PaymentError: Error, Sendable, Equatable {
    case declined
    case network
    case missingMerchant
}

public protocol PaymentGateway: Sendable {
    func authorize(_ request: PaymentRequest) async throws -> Authorization
}

public protocol ReceiptMailer: Sendable {
    func send(_ receipt: Receipt) async
}

public protocol ShippingQuoter: Sendable {
    func quote(for items: [LineItem]) async -> Int
}
