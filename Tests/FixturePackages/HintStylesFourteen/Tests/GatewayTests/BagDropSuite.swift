import Testing
import GatewayModel
import GatewayServices

@Suite struct BagDropSuite {
    @Test func everyDroppedBagPrintsATag() async {
        let station = BagDropStation(destination: "LIS")
        let bags = [Fixtures.bag("B7"), Fixtures.bag("B8", kg: 9), Fixtures.bag("B9", kg: 23)]
        let tags = LockedBox<[BagTag]>([])

        await confirmation("tag printed", expectedCount: bags.count) { tagPrinted in
            station.onTagPrinted = { tag in
                tags.mutate { $0.append(tag) }
                tagPrinted()
            }
            _ = await station.dropAll(bags)
        }

        #expect(Set(tags.value.map(\.bagID)) == ["B7", "B8", "B9"])
        #expect(tags.value.allSatisfy { $0.destination == "LIS" })
    }
}
