import Foundation

public struct InvoiceLineItem: Hashable, Sendable {
    public var description: String
    public var quantity: Int
    public var unitPrice: Money
    /// Professional services are exempt; dispensed medications and retail items are taxed.
    public var isTaxable: Bool

    public init(description: String, quantity: Int, unitPrice: Money, isTaxable: Bool) {
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.isTaxable = isTaxable
    }

    public var amount: Money { unitPrice * quantity }
}

public enum PaymentMethod: String, Sendable {
    case card, cash, insurance
}

public struct PaymentReceipt: Hashable, Sendable {
    public var invoiceNumber: String
    public var amount: Money
    public var method: PaymentMethod
    public var postedAt: Date

    public init(invoiceNumber: String, amount: Money, method: PaymentMethod, postedAt: Date) {
        self.invoiceNumber = invoiceNumber
        self.amount = amount
        self.method = method
        self.postedAt = postedAt
    }
}

public struct Invoice: Hashable, Sendable {
    public var number: String
    public var ownerID: OwnerID
    public var lineItems: [InvoiceLineItem]
    public var discountPercent: Int
    public var issuedOn: Date
    public var dueOn: Date
    public var payments: [Money]
    public var lateFee: Money

    public init(
        number: String,
        ownerID: OwnerID,
        lineItems: [InvoiceLineItem],
        discountPercent: Int = 0,
        issuedOn: Date,
        dueOn: Date,
        payments: [Money] = [],
        lateFee: Money = .zero
    ) {
        self.number = number
        self.ownerID = ownerID
        self.lineItems = lineItems
        self.discountPercent = discountPercent
        self.issuedOn = issuedOn
        self.dueOn = dueOn
        self.payments = payments
        self.lateFee = lateFee
    }
}

extension Invoice {
    public static let defaultTaxRate = 0.0825

    public var subtotal: Money { lineItems.reduce(.zero) { $0 + $1.amount } }

    public var discount: Money { subtotal.percent(discountPercent) }

    /// Tax applies to taxable lines after the discount has been spread over them.
    public func tax(rate: Double = Invoice.defaultTaxRate) -> Money {
        let taxable = lineItems.filter(\.isTaxable).reduce(Money.zero) { $0 + $1.amount }
        let discountedTaxable = taxable.percent(100 - discountPercent)
        return discountedTaxable.scaled(by: rate)
    }

    public func total(taxRate: Double = Invoice.defaultTaxRate) -> Money {
        subtotal - discount + tax(rate: taxRate) + lateFee
    }

    public func balanceDue(taxRate: Double = Invoice.defaultTaxRate) -> Money {
        total(taxRate: taxRate) - payments.reduce(.zero, +)
    }

    public func isOverdue(asOf date: Date) -> Bool {
        date > dueOn && balanceDue() > .zero
    }
}
