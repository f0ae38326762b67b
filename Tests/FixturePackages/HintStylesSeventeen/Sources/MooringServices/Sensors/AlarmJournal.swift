import Foundation
import MooringModel

public protocol AlarmJournalStoring: Sendable {
    func append(_ entry: AlarmJournalEntry) async
}

/// Insurance requires every alarm action to be written down.
public final class AlarmJournal: Sendable {
    private let writer: JournalWriter

    public init(store: any AlarmJournalStoring) {
        self.writer = JournalWriter(store: store)
    }

    public func recordAcknowledgement(alarmID: Int, by operatorName: String) {
        writer.persist(AlarmJournalEntry(alarmID: alarmID, action: .acknowledged, by: operatorName))
    }

    public func recordRaised(alarmID: Int) {
        writer.persist(AlarmJournalEntry(alarmID: alarmID, action: .raised, by: "system"))
    }
}

struct JournalWriter: Sendable {
    let store: any AlarmJournalStoring

    func persist(_ entry: AlarmJournalEntry) {
        Task.detached(priority: .utility) { [store] in
            await store.append(entry)
        }
    }
}
