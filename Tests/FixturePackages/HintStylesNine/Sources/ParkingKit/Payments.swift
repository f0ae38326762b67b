import ParkingCore

public actor ReceiptStore {
    public private(set) var receipts: [Receipt] = []

    public init() {}

    public func save(_ receipt: Receipt) {
        receipts.append(receipt)
    }

    public func receipt(for sessionID: String) -> Receipt? {
        receipts.last { $0.sessionID == sessionID }
    }
}

public enum PaymentError: Error, Equatable {
    case amountTooSmall
}

public actor PaymentCoordinator {
    private let gateway: any PaymentGateway
    public nonisolated let store: ReceiptStore
    public private(set) var pendingCount = 0

    public init(gateway: any PaymentGateway, store: ReceiptStore = ReceiptStore()) {
        self.gateway = gateway
        self.store = store
    }

    public func pay(for session: ParkingSession, amount: Money) async throws -> Receipt {
        guard amount.cents >= 50 else { throw PaymentError.amountTooSmall }

        let issuer = ParkingContext.operatorID ?? "self-service"
        pendingCount += 1
        defer { pendingCount -= 1 }

        let reference = try await gateway.charge(
            cents: amount.cents,
            currency: amount.currency,
            reference: session.id
        )
        let receipt = Receipt(sessionID: session.id, gatewayReference: reference, amount: amount, issuedBy: issuer)
        await store.save(receipt)
        return receipt
    }
}
