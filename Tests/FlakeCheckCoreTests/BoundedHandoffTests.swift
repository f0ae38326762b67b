import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `parse` reads a log on one thread and settles it on another through a `BoundedHandoff`: nothing may be
/// lost, reordered or held without bound, and a read error must reach the reader after what came before.
@Suite struct BoundedHandoffTests {
    @Test func batchesArriveInOrderAndTheMakerWaitsAtCapacity() throws {
        let handoff = BoundedHandoff<Int>(capacity: 2)
        let most = MostWaiting()
        let maker = Thread {
            for batch in 0..<50 {
                handoff.put([batch * 2, batch * 2 + 1])
                most.note(handoff.waitingCount)
            }
            handoff.end()
        }
        maker.start()
        var taken: [Int] = []
        while let batch = try handoff.take() {
            taken += batch
            Thread.sleep(forTimeInterval: 0.0005)
        }
        #expect(taken == Array(0..<100))
        #expect(most.value <= 2)
    }

    private final class MostWaiting: @unchecked Sendable {
        private let lock = NSLock()
        private var most = 0
        var value: Int { lock.withLock { most } }
        func note(_ count: Int) { lock.withLock { most = max(most, count) } }
    }

    @Test func anErrorComesAfterTheBatchesPutBeforeIt() throws {
        struct ReadFailed: Error {}
        let handoff = BoundedHandoff<String>(capacity: 4)
        handoff.put(["a"])
        handoff.put(["b", "c"])
        handoff.end(throwing: ReadFailed())
        #expect(try handoff.take() == ["a"])
        #expect(try handoff.take() == ["b", "c"])
        #expect(throws: ReadFailed.self) { try handoff.take() }
    }

    @Test func anEndWithoutErrorGivesNilAgainAndAgain() throws {
        let handoff = BoundedHandoff<Int>(capacity: 1)
        handoff.end()
        #expect(try handoff.take() == nil)
        #expect(try handoff.take() == nil)
    }
}
