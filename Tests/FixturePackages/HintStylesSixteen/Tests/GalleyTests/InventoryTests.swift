import GalleyModel
import GalleyServices
import XCTest

final class InventoryTests: XCTestCase {
    func testDeductionsTaggedWithCurrentShift() async {
        let ledger = InventoryLedger(opening: ["brioche buns": 40])

        await ShiftContext.$current.withValue(.dinner) {
            await ledger.deduct("brioche buns", count: 6)
        }

        let entries = await ledger.entries
        XCTAssertEqual(entries.map(\.shift), [.dinner])
        let left = await ledger.count(of: "brioche buns")
        XCTAssertEqual(left, 34)
    }

    func testShiftPrepSummaryCountsPreppedItems() async throws {
        let ledger = InventoryLedger(opening: ["onions": 10, "butter": 4, "cream": 2])
        let planner = PrepPlanner(ledger: ledger)

        let handle = await planner.startShiftPrep([
            PrepItem(ingredient: "onions", amount: 6),
            PrepItem(ingredient: "butter", amount: 2),
            PrepItem(ingredient: "cream", amount: 3),
        ])
        let summary = await handle.value

        XCTAssertEqual(summary.itemsPrepped, 2)
        XCTAssertEqual(summary.shortfalls, ["cream"])

        // Give the walk-in display a beat to redraw before reading the ledger again.
        try await Task.sleep(nanoseconds: 20_000_000)
        let onions = await ledger.count(of: "onions")
        XCTAssertEqual(onions, 4)
    }

    func testScannerRestockShowsUp() async {
        let ledger = InventoryLedger(opening: ["fryer oil": 1])

        ledger.restockInBackground("fryer oil", count: 4)
        await Task.yield()
        await Task.yield()

        let oil = await ledger.count(of: "fryer oil")
        XCTAssertEqual(oil, 5)
    }
}
