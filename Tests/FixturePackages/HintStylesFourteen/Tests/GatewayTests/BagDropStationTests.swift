import XCTest
import GatewayModel
import GatewayServices

final class BagDropStationTests: XCTestCase {
    func testScaleReadingIncludesTare() async {
        let station = BagDropStation(scale: CalibratedScale(tareKg: 0.4), destination: "YUL")

        let kilograms = await awaitWeighing(Fixtures.bag("B1", kg: 21), on: station)

        XCTAssertEqual(kilograms, 21.4, accuracy: 0.001)
        XCTAssertEqual(station.lastWeighedKg ?? 0, 21.4, accuracy: 0.001)
    }

    func testDroppedBagTagArrivesThroughPrinterCallback() async {
        let station = BagDropStation(destination: "YUL")
        let captured = LockedBox<BagTag?>(nil)
        let printed = expectation(description: "bag tag printed")
        station.onTagPrinted = { tag in
            captured.value = tag
            printed.fulfill()
        }

        station.drop(Fixtures.bag("B2"))
        await fulfillment(of: [printed], timeout: 2)

        XCTAssertEqual(captured.value?.bagID, "B2")
        XCTAssertEqual(captured.value?.destination, "YUL")
        XCTAssertEqual(captured.value?.tagNumber, "0016000001")
    }

    func testBagReachesMakeUpAreaAfterBeltCycle() async {
        let station = BagDropStation(destination: "YUL", beltCycle: .milliseconds(40))
        let bag = Fixtures.bag("B3", kg: 18)

        station.loadOnBelt(bag)
        await waitForBeltCycle()

        XCTAssertTrue(station.isLoaded(bag.id))
    }
}
