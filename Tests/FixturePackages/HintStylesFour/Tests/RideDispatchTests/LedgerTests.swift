import RideDispatch
import Testing

struct LedgerTests {
    @Test func recordCompletionFires() async {
        let ledger = TripLedger()

        await withCheckedContinuation { (written: CheckedContinuation<Void, Never>) in
            ledger.record(LedgerEntry(tripID: "trip-1", amount: 12.5)) {
                written.resume()
            }
        }

        #expect(ledger.count == 1)
        #expect(ledger.total == 12.5)
    }

    @Test func queuedWritesEventuallyLand() async throws {
        let ledger = TripLedger()

        for (index, amount) in [10.0, 12.0, 20.0].enumerated() {
            ledger.record(LedgerEntry(tripID: "trip-\(index)", amount: amount), completion: nil)
        }
        try await waitUntil { ledger.count == 3 }

        #expect(ledger.total == 42.0)
    }

    @Test func concurrentAppendsAllLand() async {
        let ledger = TripLedger()

        await withTaskGroup(of: Void.self) { group in
            for n in 1...5 {
                group.addTask {
                    await ledger.append(LedgerEntry(tripID: "trip-\(n)", amount: Double(n)))
                }
            }
        }

        #expect(ledger.count == 5)
        #expect(ledger.total == 15.0)
    }
}
