import ParkingCore
import ParkingKit
import Testing

@Suite("Occupancy feed")
struct OccupancyFeedTests {
    let feed = OccupancyFeed()

    @Test func ingestUpdatesLatestReading() async {
        feed.ingest("C3:17")
        await settle()

        let latest = await feed.latest["C3"]
        #expect(latest == ZoneUpdate(zone: "C3", free: 17))
    }

    @Test func streamCarriesIngestedUpdate() async throws {
        feed.ingest("D4:2")

        let update = try await firstElement(of: feed.updates)
        #expect(update == ZoneUpdate(zone: "D4", free: 2))
    }

    @Test(arguments: ["D4", "D4:-1", ":3", "D4:lots"])
    func rejects(line: String) async {
        feed.ingest(line)

        let rejected = await feed.rejectedLines
        #expect(rejected == [line])
    }
}
