import Foundation
import PawModel

/// Reception: checks patients in and lets the other departments know they are here.
public final class FrontDesk: Sendable {
    private let book: AppointmentBook
    private let pharmacy: PharmacyHub
    private let noShows: NoShowMonitor?

    public init(book: AppointmentBook, pharmacy: PharmacyHub, noShows: NoShowMonitor? = nil) {
        self.book = book
        self.pharmacy = pharmacy
        self.noShows = noShows
    }

    public func checkIn(_ id: AppointmentID) async throws -> Appointment {
        let appointment = try await book.checkIn(id)
        noShows?.recordArrival(id)
        pharmacy.patientArrived(petID: appointment.petID)
        return appointment
    }
}
