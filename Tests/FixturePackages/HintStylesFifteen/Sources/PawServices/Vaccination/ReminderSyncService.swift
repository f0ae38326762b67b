import Foundation
import PawModel

/// Hands reminders to the messaging provider and remembers what it already sent.
public actor ReminderSyncService {
    private struct Key: Hashable {
        var petID: PetID
        var kind: VaccineKind
        var dueDate: Date
    }

    private var sent: Set<Key> = []
    private var pushed: [VaccinationReminder] = []

    public init() {}

    public func unsent(from reminders: [VaccinationReminder]) -> [VaccinationReminder] {
        reminders.filter { !sent.contains(Key(petID: $0.petID, kind: $0.kind, dueDate: $0.dueDate)) }
    }

    @discardableResult
    public func push(_ reminders: [VaccinationReminder]) -> Int {
        var accepted = 0
        for reminder in reminders {
            if sent.insert(Key(petID: reminder.petID, kind: reminder.kind, dueDate: reminder.dueDate)).inserted {
                pushed.append(reminder)
                accepted += 1
            }
        }
        return accepted
    }

    public var pushedCount: Int { pushed.count }
}
