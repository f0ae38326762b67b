import Foundation
import PawModel

/// Queues receipt e-mails; the SMTP relay picks them up from `outbox`.
public final class ReceiptMailer: @unchecked Sendable {
    private let queue = DispatchQueue(label: "paw.receipt-mailer", qos: .background)
    private let pending = Locked<[ClientMessage]>([])

    public init() {}

    public func sendReceiptLater(_ receipt: PaymentReceipt, to owner: Owner) {
        queue.async { [pending] in
            guard owner.email != nil else { return }
            pending.withLock { $0.append(.receipt(receipt, owner: owner)) }
        }
    }

    public var outbox: [ClientMessage] {
        pending.snapshot
    }
}
