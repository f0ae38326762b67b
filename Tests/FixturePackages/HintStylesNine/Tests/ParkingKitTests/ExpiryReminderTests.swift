import ParkingCore
import ParkingKit
import Testing

@Suite("Expiry reminders")
struct ExpiryReminderTests {
    let session = ParkingSession(id: "S-42", plate: "KA 4821", zone: "H2", allowance: .seconds(60 * 60))

    @Test func remindsTenMinutesBeforeExpiry() async {
        let sleeper = ControlledSleeper()
        let scheduler = ExpiryReminderScheduler(leadTime: .seconds(10 * 60), sleeper: sleeper)
        let outbox = NotificationOutbox()

        let reminder = scheduler.schedule(session) { await outbox.deliver($0) }

        await sleeper.advance(by: .seconds(49 * 60))
        #expect(await outbox.messages.isEmpty)

        await sleeper.advance(by: .seconds(60))
        #expect(await outbox.messages.count == 1)
        reminder.cancel()
    }

    @Test func reminderTaskFinishesWithMessage() async {
        let sleeper = ImmediateSleeper()
        let scheduler = ExpiryReminderScheduler(leadTime: .seconds(10 * 60), sleeper: sleeper)
        let outbox = NotificationOutbox()

        await scheduler.schedule(session) { await outbox.deliver($0) }.value

        let messages = await outbox.messages
        #expect(messages == ["Parking for KA 4821 in zone H2 ends in 10 min"])
        #expect(sleeper.requested == [.seconds(50 * 60)])
    }

    @Test func reminderFiresExactlyOnce() async {
        let scheduler = ExpiryReminderScheduler(leadTime: .seconds(5 * 60), sleeper: ImmediateSleeper())

        await confirmation("reminder delivered", expectedCount: 1) { delivered in
            let reminder = scheduler.schedule(session) { _ in delivered() }
            await reminder.value
        }
    }
}
