import Foundation

/// A test's summary worked out from its tally: counts, rates, intervals, durations and failures.
extension TestSummary {
    /// How many distinct failure messages a summary keeps (the most frequent ones).
    public static let keptFailureMessages = 5

    init(tally: TestTally, confidence: Double, targetFailureRate: Double = 0.01) {
        let identity = tally.identity
        let passed = tally.count(.passed)
        let failed = tally.count(.failed)
        let crashed = tally.count(.crashed)
        let timedOut = tally.count(.timedOut)
        let skipped = tally.count(.skipped)
        let counted = passed + failed + crashed + timedOut
        let failures = tally.failureCounts
            .map { FailureSummary(message: $0.value.example.isEmpty ? $0.key.message : $0.value.example,
                                  location: $0.key.location, count: $0.value.count, runIndices: $0.value.runIndices) }
            .sorted { ($1.count, $0.message, $0.location ?? "") < ($0.count, $1.message, $1.location ?? "") }
        self.init(
            id: identity.id,
            framework: identity.framework,
            suite: identity.suite,
            name: identity.name,
            displayName: identity.displayName,
            sourceLocation: identity.sourcePath.map { path in identity.sourceLine.map { "\(path):\($0)" } ?? path },
            strategy: nil,
            runs: counted + skipped,
            passed: passed,
            failed: failed,
            skipped: skipped,
            crashed: crashed,
            timedOut: timedOut,
            notRun: tally.count(.notRun),
            passRate: counted > 0 ? Double(passed) / Double(counted) : nil,
            passRateInterval: .wilson(successes: passed, trials: counted, confidence: confidence),
            verdict: Verdict(passed: passed, counted: counted, skipped: skipped),
            durations: DurationStatistics(samples: tally.durations),
            failures: Array(failures.prefix(Self.keptFailureMessages)),
            history: String(decoding: tally.history.map(\.asciiSymbol), as: UTF8.self),
            durationSamples: tally.durations,
            hint: nil,
            proof: ConfidenceStatement(provingFrom: passed, counted: counted, confidence: confidence, target: targetFailureRate)
        )
        skipReason = tally.skipReason
        let left = failures.dropFirst(Self.keptFailureMessages)
        if !left.isEmpty {
            otherFailures = OtherFailures(count: left.reduce(0) { $0 + $1.count } + tally.otherFailures,
                                          messages: left.count)
        } else if tally.otherFailures > 0 {
            otherFailures = OtherFailures(count: tally.otherFailures, messages: 0)
        }
    }
}
