import Testing
@testable import PodcastKit

@Suite("Sleep timer")
struct SleepTimerTests {
    @Test func firesAfterThirtyMinutes() async {
        let clock = ManualClock()
        let timer = SleepTimer(clock: clock)

        await timer.start(after: .seconds(30 * 60))
        for _ in 0..<30 {
            await clock.advance(by: .seconds(60))
            await Task.yield()
        }

        #expect(await timer.hasFired)
        #expect(await timer.isRunning == false)
    }

    @Test func cancelBeforeStartIsHarmless() async {
        let timer = SleepTimer(clock: ManualClock())

        await timer.cancel()

        #expect(await timer.isRunning == false)
        #expect(await timer.hasFired == false)
        #expect(await timer.deadline == nil)
    }

    @Test("End-of-episode timer on the real clock")
    func shortTimerFiresOnRealClock() async throws {
        let fired = LockedBox(false)
        let timer = SleepTimer(clock: ContinuousClock()) { fired.set(true) }

        await timer.start(after: .milliseconds(20))
        try await Task.sleep(for: .milliseconds(200))

        #expect(fired.value)
        #expect(await timer.hasFired)
    }
}
