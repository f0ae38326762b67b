import Foundation
import MooringModel

/// Produces the plain-text invoice that is emailed and printed.
public final class InvoiceRenderer: @unchecked Sendable {
    private let queue = DispatchQueue(label: "mooring.invoices.render", qos: .userInitiated)
    private let marinaName: String

    public init(marinaName: String) {
        self.marinaName = marinaName
    }

    public func render(_ invoice: Invoice, completion: @escaping @Sendable (String) -> Void) {
        queue.async { [marinaName] in
            var text = ["\(marinaName) — Invoice \(invoice.number)", "Vessel: \(invoice.boatName)"]
            for line in invoice.lines {
                text.append("  \(line.description)  \(Invoice.formatPounds(line.amountPence))")
            }
            text.append("Total: \(Invoice.formatPounds(invoice.totalPence))")
            completion(text.joined(separator: "\n"))
        }
    }
}
