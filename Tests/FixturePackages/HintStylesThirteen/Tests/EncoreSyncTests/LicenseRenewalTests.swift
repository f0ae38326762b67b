import Foundation
import XCTest
import EncoreModel
import EncoreSync

final class LicenseRenewalTests: XCTestCase {
    func testRenewalRunsLeadTimeBeforeExpiry() async {
        let scheduler = ManualScheduler(now: Fixtures.referenceDate)
        let server = FakeLicenseServer()
        let renewer = LicenseRenewer(server: server, scheduler: scheduler, leadTime: 3_600)
        let token = Fixtures.license(for: Fixtures.teardrop, expiresIn: 3 * 3_600)
        let known = await renewer.currentToken(for: token.trackID)
        XCTAssertNil(known, "renewer starts empty")

        await renewer.track(token)
        await scheduler.advance(by: 2 * 3_600)

        let current = await renewer.currentToken(for: token.trackID)
        XCTAssertEqual(current?.renewalCount, 1)
        let calls = await server.renewCalls
        XCTAssertEqual(calls, [token.trackID])
    }

    func testRenewedExpiryIsMeasuredFromScopedClock() async throws {
        let renewer = LicenseRenewer(
            server: FakeLicenseServer(),
            scheduler: ManualScheduler(now: Fixtures.referenceDate)
        )
        let token = Fixtures.license(for: Fixtures.nightcall, expiresIn: 3_600)
        let issuedAt = Fixtures.referenceDate

        let renewed = try await EncoreEnvironment.$now.withValue({ issuedAt }) {
            try await renewer.renewNow(token)
        }

        XCTAssertEqual(renewed.expiresAt, issuedAt.addingTimeInterval(30 * 86_400))
        XCTAssertEqual(renewed.issuedAt, issuedAt)
        XCTAssertEqual(renewed.renewalCount, 1)
    }

    func testBackgroundRenewalHandsNewTokenToCallback() async {
        let renewer = LicenseRenewer(
            server: FakeLicenseServer(),
            scheduler: ManualScheduler(now: Fixtures.referenceDate)
        )
        let token = Fixtures.license(for: Fixtures.midnightCity, expiresIn: 600)
        let delivered = expectation(description: "renewal callback")

        renewer.renewInBackground(token) { result in
            switch result {
            case let .success(renewed):
                XCTAssertEqual(renewed.renewalCount, 1)
                XCTAssertEqual(renewed.trackID, token.trackID)
            case let .failure(error):
                XCTFail("renewal failed: \(error)")
            }
            delivered.fulfill()
        }
        await fulfillment(of: [delivered], timeout: 5)

        let stored = await renewer.currentToken(for: token.trackID)
        XCTAssertEqual(stored?.renewalCount, 1)
    }

    func testForegroundRenewalIsStoredAfterGracePeriod() async {
        let server = FakeLicenseServer()
        let renewer = LicenseRenewer(server: server, scheduler: ManualScheduler(now: Fixtures.referenceDate))
        let token = Fixtures.license(for: Fixtures.windowlicker, expiresIn: 1_800)

        renewer.renewInBackground(token)
        let gracePeriod = expectation(description: "grace period elapsed")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
            gracePeriod.fulfill()
        }
        await fulfillment(of: [gracePeriod], timeout: 2)

        let stored = await renewer.currentToken(for: token.trackID)
        XCTAssertEqual(stored?.renewalCount, 1)
        let calls = await server.renewCalls
        XCTAssertEqual(calls.count, 1)
    }
}
