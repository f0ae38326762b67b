import ConciergeCore
import ConciergeServices
import Foundation
import Testing

@Suite("Housekeeping board")
struct HousekeepingBoardSuite {
    @Test func turnoverEndsInspected() async {
        let board = HousekeepingBoard(statuses: [204: .dirty])
        let workflow = InspectionWorkflow(board: board)

        await workflow.beginTurnover(of: 204)
        while await board.status(of: 204) != .inspected {
            await Task.yield()
        }

        let history = await board.history(of: 204)
        #expect(history == [.dirty, .cleaning, .clean, .inspected])
    }

    @Test @MainActor func floorFilterLimitsRefreshedEntries() async {
        let source = FakeBoardSource(board: [
            BoardEntry(room: 304, status: .dirty, attendant: "Lucia"),
            BoardEntry(room: 204, status: .clean, attendant: "Dev"),
            BoardEntry(room: 301, status: .cleaning, attendant: "Lucia"),
        ])
        let viewModel = HousekeepingBoardViewModel(source: source)
        viewModel.floorFilter = 3

        viewModel.refresh()
        for _ in 0..<5 {
            await Task.yield()
        }

        #expect(viewModel.entries.map(\.room) == [301, 304])
    }

    @Test func serviceRequestPagesFloorAttendantInline() async {
        let pager = RecordingPager()
        let dispatcher = HousekeepingDispatcher(
            roster: [Attendant(name: "Dev", floors: 1...4), Attendant(name: "Lucia", floors: 5...8)],
            pager: pager
        )

        await withInlineSideEffects {
            await dispatcher.requestService(for: 611, reason: .extraTowels)
        }

        let pages = await pager.pages
        #expect(pages == [RecordingPager.Page(attendant: "Lucia", room: 611, reason: .extraTowels)])
    }

    @Test @MainActor func passedInspectionShowsOnBoard() async {
        let source = FakeBoardSource(board: [BoardEntry(room: 204, status: .clean, attendant: "Dev")])
        let viewModel = HousekeepingBoardViewModel(source: source)
        #expect(viewModel.entry(for: 204) == nil)

        viewModel.recordInspection(of: 204, passed: true)
        await letBoardSettle()

        #expect(viewModel.entry(for: 204)?.status == .inspected)
        #expect(source.inspections == [204])
    }
}
