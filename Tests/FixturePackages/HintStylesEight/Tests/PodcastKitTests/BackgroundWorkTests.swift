import Testing
@testable import PodcastKit

@Suite struct ProgressSaverTests {
    actor SavedPositions {
        private(set) var saved: [(String, Duration)] = []
        func append(_ id: String, _ offset: Duration) { saved.append((id, offset)) }
        var count: Int { saved.count }
    }

    @Test(arguments: [10, 30])
    func savesPositionEveryInterval(seconds: Int) async {
        let clock = ManualClock()
        let positions = SavedPositions()
        let saver = ProgressSaver(
            clock: clock,
            interval: .seconds(seconds),
            currentPosition: { ("ep1", .seconds(95)) },
            save: { id, offset in await positions.append(id, offset) }
        )

        await saver.start()
        await clock.advance(by: .seconds(seconds))

        #expect(await positions.count == 1)
        await saver.stop()
    }
}

@Suite struct AutoRefreshSchedulerTests {
    @Test func refreshesOncePerInterval() async {
        let sleeper = FakeSleeper()
        let refreshes = LockedBox(0)
        let scheduler = AutoRefreshScheduler(interval: .seconds(15 * 60), sleeper: sleeper) {
            refreshes.mutate { $0 += 1 }
        }

        await scheduler.start()
        await sleeper.advance()
        await sleeper.advance()

        #expect(refreshes.value == 2)
        #expect(sleeper.requestedDurations.allSatisfy { $0 == .seconds(900) })
        await scheduler.stop()
    }
}
