import Foundation
import XCTest
import PawModel
import PawServices

final class AppointmentBookingTests: XCTestCase {
    private var book: AppointmentBook!

    override func setUp() {
        super.setUp()
        book = AppointmentBook()
    }

    override func tearDown() {
        book = nil
        super.tearDown()
    }

    func testBookingIsStampedWithTheBranchInContext() async throws {
        let book = try XCTUnwrap(self.book)

        let appointment = try await ClinicContext.$branchID.withValue("riverside") {
            try await book.book(
                petID: Fixtures.biscuit.id,
                vetName: "Dr. Okafor",
                start: Fixtures.at(hours: 1),
                reason: "Annual wellness exam"
            )
        }

        XCTAssertEqual(appointment.branchID, "riverside")
        let stored = await book.appointment(appointment.id)
        XCTAssertEqual(stored?.branchID, "riverside")
    }

    func testPatientWhoNeverArrivesIsFlaggedAfterTheGracePeriod() async throws {
        let scheduler = ManualClinicScheduler(start: Fixtures.referenceDate)
        let monitor = NoShowMonitor(scheduler: scheduler, gracePeriod: 15 * 60)
        let late = try await book.book(petID: Fixtures.pepper.id, vetName: "Dr. Okafor", start: Fixtures.at(hours: 1), reason: "Dental recheck")
        let punctual = try await book.book(petID: Fixtures.biscuit.id, vetName: "Dr. Lindqvist", start: Fixtures.at(hours: 1), reason: "Limping")
        monitor.watch(late)
        monitor.watch(punctual)
        monitor.recordArrival(punctual.id)

        scheduler.advance(by: 3600 + 16 * 60)

        XCTAssertEqual(monitor.noShows, [late.id])
    }

    func testCheckInPrefetchesThePetsRefills() async throws {
        let formulary = Formulary()
        await formulary.add(Fixtures.carprofen)
        await formulary.add(Fixtures.apoquel)
        let cache = RefillCache(formulary: formulary)
        let pharmacy = PharmacyHub(prefetcher: RefillPrefetcher(cache: cache))
        let desk = FrontDesk(book: book, pharmacy: pharmacy)
        let appointment = try await book.book(petID: Fixtures.biscuit.id, vetName: "Dr. Okafor", start: Fixtures.at(hours: 2), reason: "Arthritis follow-up")

        _ = try await desk.checkIn(appointment.id)

        let warmed = cache.cachedPrescriptions(for: Fixtures.biscuit.id)
        XCTAssertEqual(warmed?.map(\.drugName), ["Apoquel", "Carprofen"])
    }

    func testRescheduleReturnsTheNewSlot() async throws {
        let original = try await book.book(petID: Fixtures.clover.id, vetName: "Dr. Lindqvist", start: Fixtures.at(hours: 3), reason: "Nail trim")
        let newStart = Fixtures.at(hours: 5)

        let moved = try await book.reschedule(original.id, to: newStart)
        XCTAssertEqual(moved.start, newStart)

        // Reception's calendar re-reads the book on a short debounce; make sure the move survives it.
        try await Task.sleep(nanoseconds: 20_000_000)
        let stored = await book.appointment(original.id)
        XCTAssertEqual(stored?.start, newStart)
        XCTAssertEqual(stored?.status, .scheduled)
    }

    func testConfirmationTextReachesTheOwner() async throws {
        let delivered = expectation(description: "confirmation delivered")
        let notifier = RecordingNotifier { _ in delivered.fulfill() }
        let directory = await ClientDirectory.withFixtures()
        let sender = AppointmentConfirmationSender(notifier: notifier, directory: directory)
        let appointment = try await book.book(petID: Fixtures.biscuit.id, vetName: "Dr. Okafor", start: Fixtures.at(hours: 4), reason: "Vaccines")

        sender.sendConfirmationInBackground(for: appointment)
        await fulfillment(of: [delivered], timeout: 2)

        let message = try XCTUnwrap(notifier.delivered.first)
        XCTAssertEqual(message.channel, .sms)
        XCTAssertTrue(message.body.contains("Biscuit is booked with Dr. Okafor"), message.body)
    }
}
