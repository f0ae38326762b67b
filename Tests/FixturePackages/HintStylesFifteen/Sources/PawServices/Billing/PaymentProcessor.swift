import Foundation
import PawModel

/// Posts card and cash payments. Card authorisation happens off the UI thread.
public final class PaymentProcessor: @unchecked Sendable {
    private let queue = DispatchQueue(label: "paw.payments", qos: .userInitiated)
    private let posted = Locked<[PaymentReceipt]>([])

    public init() {}

    public func recordPaymentInBackground(_ amount: Money, method: PaymentMethod, invoiceNumber: String) {
        queue.async { [posted] in
            guard amount > .zero else { return }
            let receipt = PaymentReceipt(invoiceNumber: invoiceNumber, amount: amount, method: method, postedAt: Date())
            posted.withLock { $0.append(receipt) }
        }
    }

    public var receipts: [PaymentReceipt] {
        posted.snapshot
    }
}
