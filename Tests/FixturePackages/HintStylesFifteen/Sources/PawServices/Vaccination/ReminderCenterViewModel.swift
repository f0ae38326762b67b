import Foundation
import PawModel

@MainActor
public final class ReminderCenterViewModel {
    public private(set) var pending: [VaccinationReminder]
    public private(set) var syncedCount: Int

    private let service: VaccinationReminderService
    private let sync: ReminderSyncService

    nonisolated public init(service: VaccinationReminderService, sync: ReminderSyncService) {
        self.service = service
        self.sync = sync
        self.pending = []
        self.syncedCount = 0
    }

    /// Pull-to-refresh: shows what is due right away and uploads it in the background.
    @discardableResult
    public func refresh() async -> Int {
        let fresh = await sync.unsent(from: service.dueReminders)
        pending = fresh
        Task {
            let accepted = await sync.push(fresh)
            syncedCount += accepted
        }
        return fresh.count
    }
}
