import Foundation
import PawModel

@MainActor
public final class AppointmentListViewModel {
    public private(set) var appointments: [Appointment] = []
    public private(set) var lastError: BookingError?

    private let book: AppointmentBook

    public init(book: AppointmentBook) {
        self.book = book
    }

    public func load() async {
        appointments = await book.all
    }

    /// Called from the swipe action; the list refreshes once the book has recorded the cancellation.
    public func cancel(_ id: AppointmentID) {
        Task {
            do {
                _ = try await book.cancel(id)
            } catch let error as BookingError {
                lastError = error
            } catch {}
            appointments = await book.all
        }
    }
}
