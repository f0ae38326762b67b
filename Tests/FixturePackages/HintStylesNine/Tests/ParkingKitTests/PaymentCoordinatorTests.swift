import ParkingCore
import ParkingKit
import XCTest

final class PaymentCoordinatorTests: XCTestCase {
    private static let session = ParkingSession(id: "S-1", plate: "MX 12 ABC", zone: "A1", allowance: .seconds(7200))
    private static let twoHours = Money(cents: 600, currency: "USD")

    func testPayStoresReceipt() async throws {
        let gateway = RecordingGateway()
        let coordinator = PaymentCoordinator(gateway: gateway)

        let receipt = try await coordinator.pay(for: Self.session, amount: Self.twoHours)

        XCTAssertEqual(receipt.issuedBy, "self-service")
        let stored = await coordinator.store.receipt(for: "S-1")
        XCTAssertEqual(stored, receipt)
        let charges = await gateway.charges
        XCTAssertEqual(charges.map(\.cents), [600])
    }

    func testPayWithSlowGatewayStillCompletes() async throws {
        let coordinator = PaymentCoordinator(gateway: SlowGateway(latency: .milliseconds(40)))

        let receipt = try await coordinator.pay(for: Self.session, amount: Self.twoHours)

        XCTAssertEqual(receipt.gatewayReference, "slow-S-1")
        let pending = await coordinator.pendingCount
        XCTAssertEqual(pending, 0)
    }

    func testPaymentIsPendingWhileGatewayIsBusy() async throws {
        let gateway = SuspendingGateway()
        let coordinator = PaymentCoordinator(gateway: gateway)
        let session = Self.session
        let amount = Self.twoHours

        async let receipt = coordinator.pay(for: session, amount: amount)
        await gateway.waitUntilCharging()

        let pending = await coordinator.pendingCount
        XCTAssertEqual(pending, 1)

        await gateway.approve(reference: "3ds-ok-77")
        let settled = try await receipt
        XCTAssertEqual(settled.gatewayReference, "3ds-ok-77")
    }

    func testOperatorIsStampedOnReceipt() async throws {
        let coordinator = PaymentCoordinator(gateway: RecordingGateway())

        let receipt = try await ParkingContext.$operatorID.withValue("attendant-12") {
            try await coordinator.pay(for: Self.session, amount: Self.twoHours)
        }

        XCTAssertEqual(receipt.issuedBy, "attendant-12")
    }
}
