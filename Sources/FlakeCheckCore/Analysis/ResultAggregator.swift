/// Folds per-run results into one `TestTally` per test. Value in, value out: no I/O, no clock.
public struct ResultAggregator: Sendable {
    public private(set) var tallies: [String: TestTally] = [:]

    public init(expected: [TestIdentity] = []) {
        for identity in expected { tallies[identity.id] = TestTally(identity: identity) }
    }

    public mutating func record(_ results: [String: TestResult], identities: [String: TestIdentity], runIndex: Int) {
        for (id, result) in results {
            if tallies[id] == nil {
                let identity = identities[id] ?? TestIdentity(canonicalID: id, framework: .xctest)
                tallies[id] = TestTally(identity: identity)
            }
            tallies[id]?.record(result, runIndex: runIndex)
        }
    }

    /// One test's result in one run, as a saved log yields them one at a time.
    public mutating func record(_ result: TestResult, of identity: TestIdentity, runIndex: Int) {
        tallies[identity.id, default: TestTally(identity: identity)].record(result, runIndex: runIndex)
    }

    /// The final per-test summaries, sorted by ID, every history padded to `runs` entries.
    public func summaries(runs: Int, confidence: Double, targetFailureRate: Double = 0.01) -> [TestSummary] {
        // The IDs are sorted, not the summaries: moving thousands of large values in a sort cost more
        // than making them.
        tallies.keys.sorted().map { id in
            var padded = tallies[id]!
            padded.pad(toRuns: runs)
            return TestSummary(tally: padded, confidence: confidence, targetFailureRate: targetFailureRate)
        }
    }
}
