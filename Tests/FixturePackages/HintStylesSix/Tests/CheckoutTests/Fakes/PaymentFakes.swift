import Foundation
@testable import Checkout

struct FakePaymentGateway: PaymentGateway {
    var result: Result<Authorization, PaymentError> = .success(Fixtures.authorization())

    func authorize(_ request: PaymentRequest) async throws -> Authorization {
        try result.get()
    }
}

/// Records every request; optionally scripts a sequence of results.
final class SpyPaymentGateway: PaymentGateway, @unchecked Sendable {
    private let recorded = Locked<[PaymentRequest]>([])
    private let scripted: Locked<[Result<Authorization, PaymentError>]>
    private let callback = Locked<(@Sendable (PaymentRequest) -> Void)?>(nil)

    init(results: [Result<Authorization, PaymentError>] = []) {
        scripted = Locked(results)
    }

    var requests: [PaymentRequest] { recorded.value }

    var onAuthorize: (@Sendable (PaymentRequest) -> Void)? {
        get { callback.value }
        set { callback.set(newValue) }
    }

    func authorize(_ request: PaymentRequest) async throws -> Authorization {
        recorded.withValue { $0.append(request) }
        callback.value?(request)
        let next = scripted.withValue { $0.isEmpty ? nil : $0.removeFirst() }
        return try (next ?? .success(Authorization(id: "auth_\(requests.count)", amount: request.amount))).get()
    }
}

final class SpyReceiptMailer: ReceiptMailer, @unchecked Sendable {
    private let recorded = Locked<[Receipt]>([])
    private let callback = Locked<(@Sendable (Receipt) -> Void)?>(nil)

    var sent: [Receipt] { recorded.value }

    var onSend: (@Sendable (Receipt) -> Void)? {
        get { callback.value }
        set { callback.set(newValue) }
    }

    func send(_ receipt: Receipt) async {
        recorded.withValue { $0.append(receipt) }
        callback.value?(receipt)
    }
}

struct StubShippingQuoter: ShippingQuoter {
    let cents: Int

    func quote(for items: [LineItem]) async -> Int {
        items.isEmpty ? 0 : cents
    }
}
