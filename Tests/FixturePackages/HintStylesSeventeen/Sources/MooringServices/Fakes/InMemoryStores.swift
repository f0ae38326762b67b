import Foundation
import MooringModel

public actor InMemoryAlarmJournalStore: AlarmJournalStoring {
    private var stored: [AlarmJournalEntry] = []

    public init() {}

    public func append(_ entry: AlarmJournalEntry) async {
        stored.append(entry)
    }

    public func entries() -> [AlarmJournalEntry] {
        stored
    }
}

public actor InMemoryInvoiceStore: InvoiceStoring {
    public private(set) var saved: [Invoice] = []

    public init() {}

    public func save(_ invoice: Invoice) async {
        saved.append(invoice)
    }
}
