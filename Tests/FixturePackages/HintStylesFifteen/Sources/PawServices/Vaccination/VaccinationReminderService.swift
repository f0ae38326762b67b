import Foundation
import PawModel

/// Queues a booster reminder `leadTime` before each vaccination falls due.
public final class VaccinationReminderService: @unchecked Sendable {
    private let scheduler: any ClinicScheduler
    private let leadTime: TimeInterval
    private let due = Locked<[VaccinationReminder]>([])

    public init(scheduler: any ClinicScheduler, leadTime: TimeInterval = 14 * 86_400) {
        self.scheduler = scheduler
        self.leadTime = leadTime
    }

    public func track(_ record: VaccinationRecord, owner: Owner) {
        let reminder = VaccinationReminder(
            petID: record.petID,
            ownerID: owner.id,
            kind: record.kind,
            dueDate: record.nextDue,
            channel: owner.preferredChannel,
            branchID: ClinicContext.branchID
        )
        let sendDate = record.nextDue.addingTimeInterval(-leadTime)
        guard sendDate > scheduler.now else {
            // Already inside the reminder window (e.g. a record imported late): queue it now.
            due.withLock { $0.append(reminder) }
            return
        }
        scheduler.schedule(at: sendDate) { [due] in
            due.withLock { $0.append(reminder) }
        }
    }

    /// Reminders whose send date has arrived and that have not been handed to the sync service.
    public var dueReminders: [VaccinationReminder] {
        due.snapshot
    }
}
