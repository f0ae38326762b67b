import Foundation
import RideDispatch
import XCTest

final class GPSBridgeTests: XCTestCase {
    private static let depot = Coordinate(latitude: 51.4934, longitude: -0.1403)

    func test_requestFix_deliversPosition() {
        let client = LegacyGPSClient(hardware: FixedGPSHardware(position: Self.depot))
        let received = CallbackBox<Result<Coordinate, GPSError>>()
        let delivered = expectation(description: "fix delivered")

        client.requestFix { result in
            received.put(result)
            delivered.fulfill()
        }
        wait(for: [delivered], timeout: 1.0)

        XCTAssertEqual(try received.value?.get(), Self.depot)
    }

    func test_requestFix_updatesFixCount() async {
        let client = LegacyGPSClient(hardware: FixedGPSHardware(position: Self.depot))
        let bothFixes = XCTestExpectation(description: "two fixes")
        bothFixes.expectedFulfillmentCount = 2

        client.requestFix { _ in bothFixes.fulfill() }
        client.requestFix { _ in bothFixes.fulfill() }
        await fulfillment(of: [bothFixes], timeout: 1.0)

        XCTAssertEqual(client.fixCount, 2)
    }

    func test_currentFix_bridgesCallback() async throws {
        let client = LegacyGPSClient(hardware: FixedGPSHardware(position: Self.depot))

        let fix = try await client.currentFix()

        XCTAssertEqual(fix, Self.depot)
        XCTAssertEqual(client.lastKnownFix, Self.depot)
    }

    func test_requestFix_cachesLastKnownFix() {
        let client = LegacyGPSClient(hardware: FixedGPSHardware(position: Self.depot))

        client.requestFix { _ in }
        Thread.sleep(forTimeInterval: 0.05)

        XCTAssertEqual(client.lastKnownFix, Self.depot)
    }

    func test_currentFix_noSignalThrows() async throws {
        let client = LegacyGPSClient(hardware: FixedGPSHardware(position: nil))

        do {
            _ = try await client.currentFix()
            XCTFail("expected GPSError.noSignal")
        } catch {
            XCTAssertEqual(error as? GPSError, .noSignal)
        }
        XCTAssertNil(client.lastKnownFix)

        // Let the vendor callback queue drain before the client goes away.
        try await Task.sleep(nanoseconds: 20_000_000)
    }
}
