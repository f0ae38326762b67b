import GalleyModel

/// Builds and renders receipts. Dine-in tables pay a service charge; delivery does not.
public struct ReceiptFormatter: Sendable {
    public var serviceRatePercent: Int

    public init(serviceRatePercent: Int = 10) {
        self.serviceRatePercent = serviceRatePercent
    }

    public func makeReceipt(for order: Order) -> Receipt {
        let subtotal = order.subtotalCents
        let service = order.source.isDineIn ? subtotal * serviceRatePercent / 100 : 0
        return Receipt(
            orderID: order.id,
            lines: order.lines,
            subtotalCents: subtotal,
            serviceChargeCents: service,
            currencyCode: ReceiptContext.currencyCode
        )
    }

    public func render(_ receipt: Receipt) -> String {
        var out = "ORDER \(receipt.orderID)\n"
        for line in receipt.lines {
            out += "\(line.quantity)x \(line.dish.name)  \(Self.money(line.lineTotalCents))\n"
        }
        out += "SERVICE \(Self.money(receipt.serviceChargeCents))\n"
        out += "TOTAL \(receipt.currencyCode) \(Self.money(receipt.totalCents))\n"
        return out
    }

    static func money(_ cents: Int) -> String {
        let fraction = cents % 100
        return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
