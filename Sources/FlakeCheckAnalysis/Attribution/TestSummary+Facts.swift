import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// A test's summary, worked out from what its command learned (`TestFacts`): counts, rates, intervals,
/// durations and failures from its tally, and the rest as the stages found it. The one place a summary
/// is made.
extension TestSummary {
    /// How many distinct failure messages a summary keeps (the most frequent ones).
    package static let keptFailureMessages = 5

    package init(facts: TestFacts, confidence: Double, targetFailureRate: Double = 0.01) {
        let tally = facts.tally
        let identity = tally.identity
        let passed = tally.count(.passed)
        let failed = tally.count(.failed)
        let crashed = tally.count(.crashed)
        let timedOut = tally.count(.timedOut)
        let skipped = tally.count(.skipped)
        let counted = passed + failed + crashed + timedOut
        let failures = tally.failureCounts
            .map {
                FailureSummary(
                    message: $0.value.example.isEmpty ? $0.key.message : $0.value.example,
                    location: $0.key.location, count: $0.value.count, runIndices: $0.value.runIndices)
            }
            .sorted { ($1.count, $0.message, $0.location ?? "") < ($0.count, $1.message, $1.location ?? "") }
        self.init(
            id: identity.id,
            framework: identity.framework,
            suite: identity.suite,
            name: identity.name,
            displayName: facts.displayName,
            suiteDisplayName: facts.suiteDisplayName,
            sourceLocation: facts.sourceLocation,
            strategy: facts.strategy,
            runs: counted + skipped,
            passed: passed,
            failed: failed,
            skipped: skipped,
            crashed: crashed,
            timedOut: timedOut,
            notRun: tally.count(.notRun),
            passRate: counted > 0 ? Double(passed) / Double(counted) : nil,
            passRateInterval: .wilson(successes: passed, trials: counted, confidence: confidence),
            verdict: Verdict(passed: passed, counted: counted, skipped: skipped, history: facts.historyFinding),
            durations: DurationStatistics(samples: tally.durations),
            failures: Array(failures.prefix(Self.keptFailureMessages)),
            history: String(decoding: tally.history.map(\.asciiSymbol), as: UTF8.self),
            durationSamples: tally.durations,
            hint: facts.hint,
            hintGate: facts.hintGate,
            historyFinding: facts.historyFinding,
            runtimeEvidence: facts.runtimeEvidence,
            proof: ConfidenceStatement(
                provingFrom: passed, counted: counted, confidence: confidence, target: targetFailureRate)
        )
        // A run already in flight when the test's runs stopped still counts: the decision's numbers are the
        // test's final ones, so its sentence agrees with its row (it said 1 of 2 where the row said 2/3).
        switch facts.stopDecision {
        case .flaky?: stopDecision = .flaky(passed: passed, failed: counted - passed)
        case .failing? where passed == 0: stopDecision = .failing(runs: counted)
        default: stopDecision = facts.stopDecision
        }
        hintReadBy = facts.hintReadBy
        hintReason = facts.hintReason
        readHint = facts.readHint
        change = facts.change
        skipReason = tally.skipReason
        workerOverlap = facts.workerOverlap
        baseline = facts.baseline.map { listing in
            BaselineStatus(
                state: listing.expired ? .expired : verdict == .stable ? .fixed : .knownFlaky,
                reason: listing.reason, expires: listing.expires)
        }
        if let conditions = facts.conditions {
            let rates = ConditionRates.rates(history: history, conditions: conditions, framework: framework, id: id)
            conditionRates = rates
            reproduction = ConditionRates.reproduction(history: history, rates: rates, conditions: conditions, id: id)
        }
        let left = failures.dropFirst(Self.keptFailureMessages)
        if !left.isEmpty {
            otherFailures = OtherFailures(
                count: left.reduce(0) { $0 + $1.count } + tally.otherFailures,
                messages: left.count)
        } else if tally.otherFailures > 0 {
            otherFailures = OtherFailures(count: tally.otherFailures, messages: 0)
        }
    }

    /// The summaries of `facts`, in their order. Each is made on its own (intervals, percentiles, rates),
    /// so thousands are made in parts at once.
    package static func summaries(_ facts: [TestFacts], confidence: Double, targetFailureRate: Double) -> [TestSummary]
    {
        let summary: @Sendable (TestFacts) -> TestSummary = { facts in
            TestSummary(facts: facts, confidence: confidence, targetFailureRate: targetFailureRate)
        }
        let partCount = max(
            1, min(ProcessInfo.processInfo.activeProcessorCount, facts.count / Self.minimumTestsPerPart))
        guard partCount > 1 else { return facts.map(summary) }
        let partSize = (facts.count + partCount - 1) / partCount
        let parts = ParallelResults<[TestSummary]>(count: partCount)
        DispatchQueue.concurrentPerform(iterations: partCount) { part in
            let range = (part * partSize)..<min((part + 1) * partSize, facts.count)
            parts.set(part, .success(facts[range].map(summary)))
        }
        // Nothing above throws: every part reports a success.
        return (try? parts.values())?.flatMap { $0 } ?? facts.map(summary)
    }

    /// Below this, a second thread costs more than it saves.
    private static let minimumTestsPerPart = 250
}
