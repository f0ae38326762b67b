import Foundation
import Testing
import XCTest
import MooringModel
import MooringServices

final class TideTableTests: XCTestCase {
    func testHeightIsInterpolatedBetweenHighAndLow() {
        let table = TideTable(port: "Harwick", entries: [
            TideEntry(minuteOfDay: 0, heightMetres: 0.8, kind: .low),
            TideEntry(minuteOfDay: 360, heightMetres: 4.6, kind: .high),
        ])

        let midFlood = table.height(atMinute: 180)

        XCTAssertEqual(midFlood ?? 0, 2.7, accuracy: 0.001)
        XCTAssertTrue(table.canCrossSill(atMinute: 360, sillDepthMetres: 0.5, draughtMetres: 1.8))
        XCTAssertFalse(table.canCrossSill(atMinute: 0, sillDepthMetres: 0.5, draughtMetres: 1.8))
    }

    @MainActor
    func testBoardShowsTodaysTidesAfterRefresh() async {
        let feed = HarbourOfficeTideFeed(almanac: Fixtures.harwickAlmanac)
        let board = TideBoardViewModel(source: feed, port: "Harwick")

        board.refresh()
        await letMainActorCatchUp()

        XCTAssertEqual(board.rows.first, "HW 04:12 4.6m")
        XCTAssertEqual(board.rows.count, 4)
        XCTAssertFalse(board.isLoading)
    }
}

@Suite struct TideSourceSuite {
    @Test func officeFeedProvidesTable() async {
        let source: any TideSource = HarbourOfficeTideFeed(almanac: Fixtures.harwickAlmanac)

        let table = await source.table(for: "Harwick")

        #expect(table?.entries.count == 4)
        #expect(table?.highWaters.map(\.heightMetres) == [4.6, 4.4])
    }
}
