import Foundation

public struct ReceiptLine: Hashable, Sendable {
    public var description: String
    public var amount: Money

    public init(description: String, amount: Money) {
        self.description = description
        self.amount = amount
    }
}

public struct Receipt: Hashable, Sendable {
    public var orderID: OrderID
    public var regionCode: String
    public var lines: [ReceiptLine]
    public var subtotal: Money
    public var deliveryFee: Money
    public var serviceFee: Money
    public var tax: Money
    public var tip: Money
    public var issuedAt: Date

    public init(orderID: OrderID, regionCode: String, lines: [ReceiptLine], subtotal: Money, deliveryFee: Money, serviceFee: Money, tax: Money, tip: Money, issuedAt: Date) {
        self.orderID = orderID
        self.regionCode = regionCode
        self.lines = lines
        self.subtotal = subtotal
        self.deliveryFee = deliveryFee
        self.serviceFee = serviceFee
        self.tax = tax
        self.tip = tip
        self.issuedAt = issuedAt
    }

    public var total: Money {
        [subtotal, deliveryFee, serviceFee, tax, tip].reduce(Money.zero) { $0 + $1 }
    }
}
