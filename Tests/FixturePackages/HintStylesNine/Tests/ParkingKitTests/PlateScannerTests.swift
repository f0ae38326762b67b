import Dispatch
import Foundation
import ParkingKit
import XCTest

final class PlateScannerTests: XCTestCase {
    func testScanRecognisesPlate() async {
        let scanner = PlateScanner()
        let finished = expectation(description: "scan finished")
        let outcome = LockedBox<Result<String, ScanError>?>(nil)

        scanner.scan(Data("ka-4821".utf8)) { result in
            outcome.set(result)
            finished.fulfill()
        }
        await fulfillment(of: [finished], timeout: 1.0)

        XCTAssertEqual(outcome.value, .success("KA4821"))
    }

    func testEmptyImageIsRejected() {
        let scanner = PlateScanner()
        let done = DispatchSemaphore(value: 0)
        let outcome = LockedBox<Result<String, ScanError>?>(nil)

        scanner.scan(Data()) { result in
            outcome.set(result)
            done.signal()
        }
        let waited = done.wait(timeout: .now() + 1)

        XCTAssertEqual(waited, .success)
        XCTAssertEqual(outcome.value, .failure(.emptyImage))
    }

    func testScanNormalisesSpacing() async throws {
        let plate = try await PlateScanner().scan(Data(" b 77 xy ".utf8))

        XCTAssertEqual(plate, "B77XY")
    }
}
