public final class ReceiptService: Sendable {
    let mailer: any ReceiptMailer
    let auditContinuation: AsyncStream<String>.Continuation
    public let auditTrail: AsyncStream<String>

    public init(mailer: any ReceiptMailer) {
        self.mailer = mailer
        let (stream, continuation) = AsyncStream<String>.makeStream()
        self.auditTrail = stream
        self.auditContinuation = continuation
    }

    deinit {
        auditContinuation.finish()
    }
}

extension ReceiptService {
    public func render(_ order: Order) -> String {
        var lines = ["Receipt for \(order.id)"]
        for item in order.items {
            lines.append("\(item.quantity) x \(item.name) @ \(Money.format(cents: item.unitPrice))")
        }
        lines.append("Total: \(Money.format(cents: order.totalCents))")
        return lines.joined(separator: "\n")
    }
}
