import GalleyModel
import GalleyServices
import Testing

@Suite struct StockSuite {
    @Test(.duringShift(.brunch)) func usageIsBookedToRunningShift() async {
        let ledger = InventoryLedger(opening: ["eggs": 180])

        await ledger.deduct("eggs", count: 24)

        let entries = await ledger.entries
        #expect(entries.map(\.shift) == [.brunch])
        #expect(entries.first?.delta == -24)
    }

    @Test func pattiesRunningLowRaisesAlert() async {
        let ledger = InventoryLedger(opening: ["burger patties": 40])
        let watcher = StockWatcher(ledger: ledger, thresholds: ["burger patties": 12])

        watcher.recordUsage(of: "burger patties", count: 30)
        await waitBriefly(milliseconds: 150)

        let alerts = await watcher.alerts
        #expect(alerts == [LowStockAlert(item: "burger patties", remaining: 10)])
    }

    @Test func supplierCheckInUpdatesLedger() async {
        let ledger = InventoryLedger(opening: ["fryer oil": 1, "lemons": 12])
        let dock = ReceivingDock(ledger: ledger)

        dock.checkIn(SupplierDelivery(supplier: "Harbor Produce", items: ["fryer oil": 5, "lemons": 48]))

        let oil = await ledger.count(of: "fryer oil")
        #expect(oil == 6)
    }
}
