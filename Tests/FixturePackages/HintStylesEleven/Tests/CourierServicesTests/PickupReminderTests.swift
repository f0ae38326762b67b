import Testing
import CourierModel
import CourierServices

@Suite struct PickupReminderTests {
    @Test func remindsCourierOnlyAfterGracePeriod() async {
        let scheduler = TestScheduler()
        let store = InMemoryOrderStore([Fixtures.order("o-1501", status: .readyForPickup)])
        let notifier = RecordingCourierNotifier()
        let reminders = PickupReminderService(scheduler: scheduler, store: store, notifier: notifier, gracePeriod: 300)

        await reminders.orderBecameReady("o-1501", courier: "c-61")
        await scheduler.advance(by: 299)

        let early = await notifier.messages
        #expect(early.isEmpty)

        await scheduler.advance(by: 1)
        let late = await notifier.messages
        #expect(late.map(\.courier) == [CourierID("c-61")])
        let sent = await reminders.remindersSent
        #expect(sent == [OrderID("o-1501")])
    }
}
