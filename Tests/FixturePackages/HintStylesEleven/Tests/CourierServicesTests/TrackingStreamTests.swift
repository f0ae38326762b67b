import Foundation
import Testing
import CourierModel
import CourierServices

@Suite struct TrackingStreamTests {
    @Test func observerReceivesSnappedPing() async throws {
        let road = Coordinate(latitude: 40.7442, longitude: -73.9868)
        let feed = LiveTrackingFeed(snapper: FixedRoadSnapper(snapped: road))

        let received: TrackingPing = await withCheckedContinuation { continuation in
            let delivered = LockIsolated(false)
            feed.observe { ping in
                let isFirst = delivered.withValue { alreadyDelivered -> Bool in
                    defer { alreadyDelivered = true }
                    return !alreadyDelivered
                }
                if isFirst {
                    continuation.resume(returning: ping)
                }
            }
            feed.ingest(Fixtures.ping(courier: "c-8", order: "o-7101", at: Fixtures.nearbyCorner))
        }

        #expect(received.coordinate == road)
        // The courier SDK sometimes redelivers a fix late; make sure nothing else shows up.
        try await Task.sleep(for: .milliseconds(50))
        #expect(feed.pingCount == 1)
    }

    @Test func updatesStreamPublishesEveryCourier() async {
        let feed = LiveTrackingFeed()
        let first = Fixtures.ping(courier: "c-21", order: "o-7201", at: Fixtures.nearbyCorner)
        let second = Fixtures.ping(courier: "c-22", order: "o-7202", at: Fixtures.acrossTown, secondsAfterReference: 4)

        await confirmation("each accepted ping is published", expectedCount: 2) { published in
            let updates = feed.updates()
            feed.ingest(first)
            feed.ingest(second)

            var seen: [TrackingPing] = []
            for await ping in updates {
                seen.append(ping)
                published()
                if seen.count == 2 { break }
            }

            let couriers = Set(seen.map(\.courierID))
            #expect(couriers == [CourierID("c-21"), CourierID("c-22")])
        }
        #expect(feed.pingCount == 2)
    }

    @Test func pingCountSettlesAfterShortPause() {
        let feed = LiveTrackingFeed()

        feed.ingest(Fixtures.ping(courier: "c-31", order: "o-7301", at: Fixtures.kitchen))
        usleep(100_000)

        #expect(feed.pingCount == 1)
        #expect(feed.lastPing?.orderID == OrderID("o-7301"))
    }
}
