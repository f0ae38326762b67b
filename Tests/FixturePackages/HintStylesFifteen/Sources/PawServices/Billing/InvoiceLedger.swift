import Foundation
import PawModel

/// Open invoices. A late fee of 1.5% of the balance (at least $5) is added once an invoice is overdue.
public actor InvoiceLedger {
    public static let minimumLateFee = Money(cents: 500)
    public static let lateFeePercent = 3 // applied as half-percent steps: 3 × 0.5% = 1.5%

    private var invoices: [String: Invoice] = [:]

    public init() {}

    public func add(_ invoice: Invoice) {
        invoices[invoice.number] = invoice
    }

    public func invoice(numbered number: String) -> Invoice? {
        invoices[number]
    }

    @discardableResult
    public func applyLateFees(asOf date: Date) -> [String] {
        var charged: [String] = []
        for (number, var invoice) in invoices where invoice.lateFee == .zero && invoice.isOverdue(asOf: date) {
            let proportional = Money(cents: (invoice.balanceDue().cents * Self.lateFeePercent + 100) / 200)
            invoice.lateFee = max(Self.minimumLateFee, proportional)
            invoices[number] = invoice
            charged.append(number)
        }
        return charged.sorted()
    }

    /// Kicked off by the nightly billing job; returns immediately.
    nonisolated public func scheduleLateFeeSweep(asOf date: Date) {
        Task {
            await self.applyLateFees(asOf: date)
        }
    }
}
