import Foundation
import PawModel

/// Builds the owner-facing reminder for a vaccination record.
public struct ReminderComposer: Sendable {
    private let directory: ClientDirectory

    public init(directory: ClientDirectory) {
        self.directory = directory
    }

    /// Returns nil when the pet has no owner on file (e.g. a shelter intake).
    public func compose(for record: VaccinationRecord) async -> VaccinationReminder? {
        guard let owner = await directory.owner(of: record.petID) else { return nil }
        return VaccinationReminder(
            petID: record.petID,
            ownerID: owner.id,
            kind: record.kind,
            dueDate: record.nextDue,
            channel: owner.preferredChannel,
            branchID: ClinicContext.branchID,
            preparedBy: ClinicContext.staffMemberID
        )
    }
}
