import XCTest
@testable import Checkout

final class InventoryTests: BaseTestCase {
    func testHappyPath() async throws {
        let ledger = SpyStockLedger()
        let inventory = InventoryService(stock: ["mug": 5], ledger: ledger)

        let hold = try await inventory.reserve(sku: "mug", quantity: 2)
        let remaining = await inventory.available(sku: "mug")

        XCTAssertEqual(hold, Hold(sku: "mug", quantity: 2))
        XCTAssertEqual(remaining, 3)
        XCTAssertEqual(ledger.reserved, [hold])
    }

    func testReservesAllLinesConcurrently() async throws {
        let ledger = SpyStockLedger()
        let inventory = InventoryService(stock: ["mug": 5, "tee": 3], ledger: ledger)
        let lines = defaultItems

        let holds = try await withThrowingTaskGroup(of: Hold.self) { group in
            for line in lines {
                group.addTask {
                    try await inventory.reserve(sku: line.sku, quantity: line.quantity)
                }
            }
            var collected: Set<Hold> = []
            for try await hold in group {
                collected.insert(hold)
            }
            return collected
        }

        XCTAssertEqual(holds, [Hold(sku: "mug", quantity: 1), Hold(sku: "tee", quantity: 2)])
        XCTAssertEqual(ledger.reserved.count, 2)
    }

    func testDetachedReleaseIsNotAwaited() async throws {
        let ledger = SpyStockLedger()
        let inventory = InventoryService(stock: ["tee": 3], ledger: ledger)
        let hold = try await inventory.reserve(sku: "tee", quantity: 1)

        Task.detached(priority: .background) {
            await inventory.release(hold)
        }

        XCTAssertEqual(ledger.releases, [hold])
    }
}
