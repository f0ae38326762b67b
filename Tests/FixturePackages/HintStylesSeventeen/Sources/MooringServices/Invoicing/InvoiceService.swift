import Foundation
import MooringModel

public protocol InvoiceStoring: Sendable {
    func save(_ invoice: Invoice) async
}

public actor InvoiceService {
    private let numbering: InvoiceNumbering
    private let store: any InvoiceStoring
    private var pendingCharges: [String: [InvoiceLine]] = [:]
    private var flush: Task<Void, Never>?

    public init(numbering: InvoiceNumbering, store: any InvoiceStoring) {
        self.numbering = numbering
        self.store = store
    }

    public func issue(for boatName: String, lines: [InvoiceLine]) async -> Invoice {
        let number = await numbering.next()
        let invoice = Invoice(number: number, boatName: boatName, lines: lines)
        await store.save(invoice)
        return invoice
    }

    /// Charges from the fuel dock, chandlery and pedestals are batched into one invoice per boat.
    public func queueCharges(_ lines: [InvoiceLine], for boatName: String) {
        pendingCharges[boatName, default: []].append(contentsOf: lines)
        if flush == nil {
            flush = Task {
                await self.flushPendingCharges()
            }
        }
    }

    public func waitForPendingFlush() async {
        if let flush {
            await flush.value
        }
    }

    private func flushPendingCharges() async {
        while !pendingCharges.isEmpty {
            let batch = pendingCharges
            pendingCharges = [:]
            for boat in batch.keys.sorted() {
                _ = await issue(for: boat, lines: batch[boat] ?? [])
            }
        }
        flush = nil
    }
}
