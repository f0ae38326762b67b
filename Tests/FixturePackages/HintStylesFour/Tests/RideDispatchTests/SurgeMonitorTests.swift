import RideDispatch
import Testing

struct SurgeMonitorTests {
    @Test func multiplierRisesAfterInterval() async {
        let clock = ManualScheduler()
        let monitor = SurgeMonitor(
            sampler: StubDemandSampler(demand: 15, supply: 10),
            scheduler: clock,
            interval: .seconds(60)
        )
        let polling = Task { await monitor.run() }

        await clock.advance(by: .seconds(60))

        #expect(await monitor.multiplier == 1.5)
        polling.cancel()
    }

    @Test func samplesOncePerTickWhileYielding() async {
        let clock = ManualScheduler()
        let monitor = SurgeMonitor(
            sampler: StubDemandSampler(demand: 4, supply: 8),
            scheduler: clock,
            interval: .seconds(1)
        )
        let polling = Task { await monitor.run() }

        for _ in 0..<3 {
            await Task.yield()
            await clock.advance(by: .seconds(1))
        }

        #expect(await monitor.samplesTaken == 3)
        #expect(await monitor.multiplier == 1.0)
        polling.cancel()
    }

    @Test func liveSchedulerEventuallySamples() async throws {
        let monitor = SurgeMonitor(
            sampler: StubDemandSampler(demand: 20, supply: 10),
            scheduler: SystemScheduler(),
            interval: .milliseconds(20)
        )
        let polling = Task { await monitor.run() }
        defer { polling.cancel() }

        try await Task.sleep(for: .milliseconds(200))

        #expect(await monitor.samplesTaken > 0)
        #expect(await monitor.multiplier == 2.0)
    }

    @Test func reportsRunningOnceStarted() async {
        let monitor = SurgeMonitor(
            sampler: StubDemandSampler(demand: 1, supply: 1),
            scheduler: ManualScheduler()
        )

        let runner = Task.detached { await monitor.run() }

        #expect(await monitor.isRunning)
        runner.cancel()
    }
}
