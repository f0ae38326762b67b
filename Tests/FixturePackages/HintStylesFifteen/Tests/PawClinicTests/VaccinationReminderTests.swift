import Foundation
import Testing
import PawModel
import PawServices

@Suite("Vaccination reminders")
struct VaccinationReminderTests {
    @Test func rabiesBoosterReminderComesDueTwoWeeksAhead() {
        let scheduler = ManualClinicScheduler(start: Fixtures.referenceDate)
        let service = VaccinationReminderService(scheduler: scheduler, leadTime: 14 * 86_400)
        service.track(Fixtures.rabies(for: Fixtures.biscuit), owner: Fixtures.maya)

        scheduler.advance(days: 365 - 14)

        #expect(service.dueReminders.map(\.kind) == [.rabies])
        #expect(service.dueReminders.first?.dueDate == Fixtures.rabies(for: Fixtures.biscuit).nextDue)
    }

    @Test func remindersForEveryPatientAreComposedTogether() async {
        let composer = ReminderComposer(directory: await ClientDirectory.withFixtures())
        let records = Fixtures.pets.map { Fixtures.rabies(for: $0, daysAgo: 300) }

        let reminders = await withTaskGroup(of: VaccinationReminder?.self) { group -> [VaccinationReminder] in
            for record in records {
                group.addTask { await composer.compose(for: record) }
            }
            var composed: [VaccinationReminder] = []
            for await reminder in group {
                if let reminder {
                    composed.append(reminder)
                }
            }
            return composed
        }

        #expect(reminders.count == 3)
        #expect(Set(reminders.map(\.channel)) == [.sms, .email, .phone])
    }

    @Test func refreshUploadsDueRemindersInTheBackground() async {
        let service = VaccinationReminderService(scheduler: ManualClinicScheduler(start: Fixtures.referenceDate))
        service.track(Fixtures.rabies(for: Fixtures.biscuit, daysAgo: 360), owner: Fixtures.maya)
        service.track(Fixtures.rabies(for: Fixtures.pepper, daysAgo: 355), owner: Fixtures.theo)
        let model = ReminderCenterViewModel(service: service, sync: ReminderSyncService())

        await model.refresh()

        let synced = await model.syncedCount
        #expect(synced == 2)
    }

    @Test func refreshReportsHowManyRemindersAreDue() async {
        let service = VaccinationReminderService(scheduler: ManualClinicScheduler(start: Fixtures.referenceDate))
        service.track(Fixtures.rabies(for: Fixtures.biscuit, daysAgo: 360), owner: Fixtures.maya)
        service.track(Fixtures.rabies(for: Fixtures.pepper, daysAgo: 355), owner: Fixtures.theo)
        service.track(Fixtures.rabies(for: Fixtures.clover, daysAgo: 10), owner: Fixtures.ines)
        let model = ReminderCenterViewModel(service: service, sync: ReminderSyncService())

        let due = await model.refresh()

        #expect(due == 2)
        let listed = await model.pending.map(\.petID)
        #expect(listed == [Fixtures.biscuit.id, Fixtures.pepper.id])
    }

    @Test(arguments: ["riverside", "harborview"])
    func reminderCarriesTheBranchAndStaffFromContext(branch: String) async {
        let composer = ReminderComposer(directory: await ClientDirectory.withFixtures())

        let reminder = await ClinicContext.$branchID.withValue(branch) {
            await ClinicContext.$staffMemberID.withValue("tech-ana") {
                await composer.compose(for: Fixtures.rabies(for: Fixtures.pepper, daysAgo: 350))
            }
        }

        #expect(reminder?.branchID == branch)
        #expect(reminder?.preparedBy == "tech-ana")
        #expect(reminder?.channel == .email)
    }
}
