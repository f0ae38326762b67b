import Foundation

/// Folds per-run results into one `TestTally` per test. Value in, value out: no I/O, no clock.
public struct ResultAggregator: Sendable {
    /// One tally per test, in the order tests first came; `slots` finds a test's by ID.
    private var tallies: [TestTally] = []
    private var slots: [String: Int] = [:]

    public init(expected: [TestIdentity] = []) {
        for identity in expected { _ = slot(of: identity) }
    }

    public mutating func record(_ results: [String: TestResult], identities: [String: TestIdentity], runIndex: Int) {
        for (id, result) in results {
            let slot = slots[id] ?? slot(of: identities[id] ?? TestIdentity(canonicalID: id, framework: .xctest))
            tallies[slot].record(result, runIndex: runIndex)
        }
    }

    /// One test's result in one run, as a saved log yields them one at a time.
    public mutating func record(_ result: TestResult, of identity: TestIdentity, runIndex: Int) {
        record(result, slot: slot(of: identity), runIndex: runIndex)
    }

    /// Where `identity`'s tally is: a reader of many results of the same tests finds it once per test and
    /// records by slot, without hashing the ID of every result.
    public mutating func slot(of identity: TestIdentity) -> Int {
        if let slot = slots[identity.id] { return slot }
        tallies.append(TestTally(identity: identity))
        slots[identity.id] = tallies.count - 1
        return tallies.count - 1
    }

    public mutating func record(_ result: TestResult, slot: Int, runIndex: Int) {
        tallies[slot].record(result, runIndex: runIndex)
    }

    /// The final per-test summaries, sorted by ID, every history padded to `runs` entries.
    public func summaries(runs: Int, confidence: Double, targetFailureRate: Double = 0.01) -> [TestSummary] {
        // The IDs are sorted, not the summaries: moving thousands of large values in a sort cost more
        // than making them.
        let order = slots.sorted { $0.key < $1.key }.map(\.value)
        let summary: @Sendable (Int) -> TestSummary = { slot in
            var padded = tallies[slot]
            padded.pad(toRuns: runs)
            return TestSummary(tally: padded, confidence: confidence, targetFailureRate: targetFailureRate)
        }
        // Each summary is made on its own (intervals, percentiles): thousands are made in parts at once.
        let partCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, order.count / Self.minimumTestsPerPart))
        guard partCount > 1 else { return order.map(summary) }
        let partSize = (order.count + partCount - 1) / partCount
        let parts = ParallelResults<[TestSummary]>(count: partCount)
        DispatchQueue.concurrentPerform(iterations: partCount) { part in
            let range = (part * partSize)..<min((part + 1) * partSize, order.count)
            parts.set(part, .success(order[range].map(summary)))
        }
        // Nothing above throws: every part reports a success.
        return (try? parts.values())?.flatMap { $0 } ?? order.map(summary)
    }

    /// Below this, a second thread costs more than it saves.
    private static let minimumTestsPerPart = 250
}
