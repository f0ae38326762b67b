import Foundation
import MooringModel

/// End-of-day billing: makes sure everything queued has been invoiced.
public final class BillingCoordinator: Sendable {
    private let invoices: InvoiceService

    public init(invoices: InvoiceService) {
        self.invoices = invoices
    }

    public func settle() async {
        await invoices.waitForPendingFlush()
    }

    public func closeOfDay(charges: [String: [InvoiceLine]]) async {
        for boat in charges.keys.sorted() {
            await invoices.queueCharges(charges[boat] ?? [], for: boat)
        }
        await settle()
    }
}
