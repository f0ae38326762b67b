import GalleyModel
import GalleyServices
import Testing

@Suite struct KitchenTimerSuite {
    @Test func calamariTimerRingsAtNinetySeconds() async {
        let clock = ManualClock()
        let timer = DishTimer(dish: "calamari", seconds: 90, clock: clock)
        await timer.start()

        await clock.advance(by: 60)
        let earlyRing = await timer.hasFired
        #expect(earlyRing == false)

        await clock.advance(by: 30)
        let rang = await timer.hasFired
        #expect(rang)
    }

    @Test func croissantBatchMovesThroughProofing() {
        let scheduler = ManualScheduler()
        let schedule = ProofingSchedule(scheduler: scheduler)
        schedule.begin(batch: "croissant-am")

        scheduler.advance(by: 25 * 60)
        #expect(schedule.stage(of: "croissant-am") == .shaping)

        scheduler.advance(by: 20 * 60)
        #expect(schedule.stage(of: "croissant-am") == .proofing)
    }
}
