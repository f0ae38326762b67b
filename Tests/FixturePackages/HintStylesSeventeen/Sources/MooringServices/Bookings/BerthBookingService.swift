import Foundation
import MooringModel

public actor BerthBookingService {
    private let notifier: any BookingNotifying
    private var bookings: [UUID: BerthBooking] = [:]
    private var nextSequence = 1

    public init(notifier: any BookingNotifying) {
        self.notifier = notifier
    }

    public func hold(berth: Berth, boat: BoatProfile, nights: Int) throws -> BerthBooking {
        guard nights > 0 else { throw BookingError.invalidNights }
        guard berth.fits(boat) else { throw BookingError.boatTooLong(boat: boat.name, berth: berth.id) }
        let booking = BerthBooking(berthID: berth.id, boatName: boat.name, nights: nights)
        bookings[booking.id] = booking
        return booking
    }

    /// Confirms a held booking and returns the code shown to the skipper.
    /// The owner is notified in the background so the desk is not kept waiting on email.
    public func confirm(_ id: UUID) -> String? {
        guard let booking = bookings[id], booking.status == .held else { return nil }
        let confirmed = booking.with(status: .confirmed)
        bookings[id] = confirmed
        let code = "BK-" + String(format: "%04d", nextSequence)
        nextSequence += 1

        let notifier = self.notifier
        Task {
            await notifier.bookingConfirmed(confirmed, code: code)
        }
        return code
    }

    public func release(_ id: UUID) async {
        guard let booking = bookings[id], booking.status == .held else { return }
        let released = booking.with(status: .released)
        bookings[id] = released
        await notifier.bookingReleased(released)
    }

    public func status(of id: UUID) -> BookingStatus? {
        bookings[id]?.status
    }

    public func bookings(onBerth berthID: String) -> [BerthBooking] {
        bookings.values.filter { $0.berthID == berthID }
    }
}
