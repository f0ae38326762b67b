import Foundation
import XCTest
import PawModel
import PawServices

final class PharmacyRefillTests: XCTestCase {
    func testSubmittedRefillsReachThePharmacyInOrder() async throws {
        let rig = await PharmacyRig.stocked(with: [Fixtures.carprofen, Fixtures.apoquel])
        let first = try await rig.coordinator.submit(Fixtures.carprofen.id)
        let second = try await rig.coordinator.submit(Fixtures.apoquel.id)

        await settleEverything(rig)

        let transmitted = await rig.gateway.transmittedIDs
        XCTAssertEqual(transmitted, [first.id, second.id])
        let remaining = await rig.formulary.prescription(Fixtures.apoquel.id)?.refillsRemaining
        XCTAssertEqual(remaining, 0)
    }

    @MainActor
    func testRefillQueueListsTheRequestOnceSubmitted() async {
        let rig = await PharmacyRig.stocked(with: [Fixtures.carprofen])
        let queue = RefillQueueViewModel(coordinator: rig.coordinator)

        queue.requestRefill(Fixtures.carprofen.id)
        for _ in 0..<3 {
            await Task.yield()
        }

        XCTAssertEqual(queue.submitted.map(\.prescriptionID), [Fixtures.carprofen.id])
        XCTAssertTrue(queue.failures.isEmpty)
    }

    func testRoutineRefillIsApprovedByThePharmacist() async {
        let reviewer = PharmacistReviewDesk(reviewLatency: 0.02)
        let request = Fixtures.refillRequest(for: Fixtures.carprofen)

        reviewer.review(request, prescription: Fixtures.carprofen)
        await waitForPharmacistDecision()

        XCTAssertEqual(reviewer.status(of: request.id), .approved)
    }

    func testControlledRefillIsTurnedDownByThePharmacist() async {
        let reviewer = PharmacistReviewDesk(reviewLatency: 0.02)
        let request = Fixtures.refillRequest(for: Fixtures.tramadol)

        let decision = await pharmacistDecision(on: request, prescription: Fixtures.tramadol, at: reviewer)

        XCTAssertEqual(decision, .rejected("controlled substance requires an exam"))
        XCTAssertEqual(reviewer.status(of: request.id), decision)
    }

    func testControlledSubstanceCannotBeRefilledOnline() async {
        let rig = await PharmacyRig.stocked(with: [Fixtures.tramadol])

        do {
            _ = try await rig.coordinator.submit(Fixtures.tramadol.id)
            XCTFail("a controlled substance must not be refilled without an exam")
        } catch {
            XCTAssertEqual(error as? RefillError, .controlledSubstanceNeedsVisit("Tramadol"))
        }
        let untouched = await rig.formulary.prescription(Fixtures.tramadol.id)?.refillsRemaining
        XCTAssertEqual(untouched, 2)
    }
}
