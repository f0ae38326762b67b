import Foundation
import Testing
import PawModel
import PawServices

@Suite("Clinic dashboard")
struct ClinicDashboardTests {
    private func bookMorningList(in book: AppointmentBook) async throws {
        try await book.book(petID: Fixtures.biscuit.id, vetName: "Dr. Okafor", start: Fixtures.at(hours: 0.5), reason: "Vaccines")
        try await book.book(petID: Fixtures.pepper.id, vetName: "Dr. Lindqvist", start: Fixtures.at(hours: 1), reason: "Weight check")
    }

    @MainActor
    @Test func summaryCombinesTodaysBookWithPendingLabs() async throws {
        let book = AppointmentBook()
        try await bookMorningList(in: book)
        let labs = StubLabClient(pending: [Fixtures.chemistryOrder, Fixtures.thyroidOrder])

        async let todays = book.appointments(on: Fixtures.referenceDate, calendar: Fixtures.calendar)
        async let pending = labs.pendingOrders()
        let (appointments, orders) = await (todays, pending)

        #expect(appointments.map(\.petID) == [Fixtures.biscuit.id, Fixtures.pepper.id])
        #expect(orders.count == 2)
        let model = ClinicDashboardViewModel(book: book, labClient: labs, inbox: LabInbox())
        model.apply(appointments: appointments, pendingLabs: orders)
        #expect(model.summary == DashboardSummary(appointmentCount: 2, checkedInCount: 0, pendingLabCount: 2))
    }

    @MainActor
    @Test func reloadFillsTheSummaryTiles() async throws {
        let book = AppointmentBook()
        try await bookMorningList(in: book)
        let model = ClinicDashboardViewModel(book: book, labClient: StubLabClient(pending: [Fixtures.thyroidOrder]), inbox: LabInbox())

        model.reload()
        await drainMainQueue()

        #expect(model.summary?.appointmentCount == 2)
        #expect(model.summary?.pendingLabCount == 1)
    }

    @Test func walkInBookedByReceptionShowsInTheBook() async {
        let book = AppointmentBook()

        Task {
            try await book.book(petID: Fixtures.clover.id, vetName: "Dr. Lindqvist", start: Fixtures.at(hours: 2), reason: "Walk-in: not eating")
        }

        let booked = await book.all
        #expect(booked.map(\.reason) == ["Walk-in: not eating"])
    }

    @MainActor
    @Test func labBadgeCountsNewResults() async {
        let model = ClinicDashboardViewModel(book: AppointmentBook(), labClient: StubLabClient(), inbox: LabInbox())

        model.labArrived(Fixtures.cbcResult)
        model.labArrived(Fixtures.criticalChemistry)
        await letDashboardCatchUp()

        #expect(model.unreadLabBadge == 2)
    }

    @MainActor
    @Test(arguments: [2, 4])
    func cancelledVisitDropsOutOfTheList(rounds: Int) async throws {
        let book = AppointmentBook()
        let visit = try await book.book(petID: Fixtures.biscuit.id, vetName: "Dr. Okafor", start: Fixtures.at(hours: 3), reason: "Ear infection recheck")
        let list = AppointmentListViewModel(book: book)
        await list.load()

        list.cancel(visit.id)
        for _ in 0..<rounds {
            await Task.yield()
        }

        #expect(list.appointments.first?.status == .cancelled)
    }
}
