import ParkingCore
import ParkingKit
import XCTest

final class RateCalculatorTests: XCTestCase {
    func testHourlyRate() {
        let price = RateCalculator().price(for: .seconds(3600))
        XCTAssertEqual(price, Money(cents: 300, currency: "USD"))
    }
}

/// Runs the shared rate expectations under the EU tariff table.
final class EURateCalculatorTests: XCTestCase {
    override func invokeTest() {
        ParkingContext.$region.withValue(.eu) {
            super.invokeTest()
        }
    }

    func testHourlyRate() {
        let price = RateCalculator().price(for: .seconds(3600))
        XCTAssertEqual(price, Money(cents: 250, currency: "EUR"))
    }
}
