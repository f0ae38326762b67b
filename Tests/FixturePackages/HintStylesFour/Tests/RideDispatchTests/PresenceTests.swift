import RideDispatch
import Testing

@Suite struct PresenceFeedTests {
    @Test func firstUpdateArrivesOnIterator() async {
        let feed = PresenceFeed()
        var iterator = feed.updates().makeAsyncIterator()

        feed.publish(PresenceUpdate(driverID: "drv-9", status: .online))
        let first = await iterator.next()

        #expect(first == PresenceUpdate(driverID: "drv-9", status: .online))
    }

    @Test func forAwaitCollectsInOrder() async {
        let feed = PresenceFeed()
        let stream = feed.updates()
        let service = PresenceService(feed: feed)

        await service.mark("drv-1", as: .online)
        await service.mark("drv-1", as: .busy)
        await service.mark("drv-1", as: .offline)

        var seen: [DriverStatus] = []
        for await update in stream {
            seen.append(update.status)
            if seen.count == 3 { break }
        }

        #expect(seen == [.online, .busy, .offline])
    }

    @Test func changeHandlerConfirmedPerPublish() async {
        let feed = PresenceFeed()

        await confirmation("handler sees each publish", expectedCount: 2) { sawUpdate in
            feed.onChange { _ in sawUpdate() }
            feed.publish(PresenceUpdate(driverID: "drv-2", status: .online))
            feed.publish(PresenceUpdate(driverID: "drv-2", status: .busy))
        }
    }

    @Test func markOnlineAfterYield() async {
        let service = PresenceService(feed: PresenceFeed())

        Task { await service.markOnline("drv-7") }
        await Task.yield()

        #expect(await service.statuses["drv-7"] == .online)
    }

    @Test func heartbeatTicks() async throws {
        let service = PresenceService(feed: PresenceFeed())

        await service.beginHeartbeat(every: .milliseconds(10))
        try await Task.sleep(nanoseconds: 100_000_000)

        let beats = await service.heartbeats
        #expect(beats >= 2)
        await service.endHeartbeat()
    }
}
