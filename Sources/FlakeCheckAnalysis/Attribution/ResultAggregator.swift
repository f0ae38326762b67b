import FlakeCheckModel
import Foundation

/// Folds per-run results into one `TestTally` per test. Value in, value out: no I/O, no clock.
package struct ResultAggregator: Sendable {
    /// One tally per test, in the order tests first came; `slots` finds a test's by ID.
    private var tallies: [TestTally] = []
    private var slots: [String: Int] = [:]

    package init(expected: [TestIdentity] = []) {
        for identity in expected { _ = slot(of: identity) }
    }

    package mutating func record(_ results: [String: TestResult], runIndex: Int) {
        for (id, result) in results {
            let slot = slots[id] ?? slot(of: TestIdentity(canonicalID: id, framework: .xctest))
            tallies[slot].record(result, runIndex: runIndex)
        }
    }

    /// One test's result in one run, as a saved log yields them one at a time.
    package mutating func record(_ result: TestResult, of identity: TestIdentity, runIndex: Int) {
        record(result, slot: slot(of: identity), runIndex: runIndex)
    }

    /// Where `identity`'s tally is: a reader of many results of the same tests finds it once per test and
    /// records by slot, without hashing the ID of every result.
    package mutating func slot(of identity: TestIdentity) -> Int {
        if let slot = slots[identity.id] { return slot }
        tallies.append(TestTally(identity: identity))
        slots[identity.id] = tallies.count - 1
        return tallies.count - 1
    }

    package mutating func record(_ result: TestResult, slot: Int, runIndex: Int) {
        tallies[slot].record(result, runIndex: runIndex)
    }

    /// Each test's facts so far, sorted by ID, every history padded to `runs` entries: what the stages
    /// after the runs add to, and what the summaries are made of (`TestSummary.summaries`).
    package func facts(runs: Int) -> [TestFacts] {
        // The IDs are sorted, not the tallies: moving thousands of large values in a sort costs more.
        slots.sorted { $0.key < $1.key }.map { _, slot in
            var padded = tallies[slot]
            padded.pad(toRuns: runs)
            return TestFacts(tally: padded)
        }
    }
}
