import Foundation
import PawModel

public struct DashboardSummary: Hashable, Sendable {
    public var appointmentCount: Int
    public var checkedInCount: Int
    public var pendingLabCount: Int

    public init(appointmentCount: Int, checkedInCount: Int, pendingLabCount: Int) {
        self.appointmentCount = appointmentCount
        self.checkedInCount = checkedInCount
        self.pendingLabCount = pendingLabCount
    }
}

@MainActor
public final class ClinicDashboardViewModel {
    public private(set) var summary: DashboardSummary?
    public private(set) var unreadLabBadge = 0

    private let book: AppointmentBook
    private let labClient: any LabClient
    private let inbox: LabInbox

    public init(book: AppointmentBook, labClient: any LabClient, inbox: LabInbox) {
        self.book = book
        self.labClient = labClient
        self.inbox = inbox
    }

    public func apply(appointments: [Appointment], pendingLabs: [LabOrder]) {
        summary = DashboardSummary(
            appointmentCount: appointments.count,
            checkedInCount: appointments.filter { $0.status == .checkedIn }.count,
            pendingLabCount: pendingLabs.count
        )
    }

    /// Refreshes the tiles at the top of the dashboard.
    public func reload() {
        Task {
            let appointments = await book.all
            let pending = await labClient.pendingOrders()
            apply(appointments: appointments, pendingLabs: pending)
        }
    }

    public func labArrived(_ result: LabResult) {
        Task {
            unreadLabBadge = await inbox.store(result)
        }
    }
}
