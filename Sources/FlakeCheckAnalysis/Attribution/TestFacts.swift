import FlakeCheckModel
import Foundation

/// Everything a command learned about one test, gathered by its stages before the test's summary is made:
/// the one input of `TestSummary(facts:)`, so that a summary is built once, in one place, and no stage
/// patches it afterwards. The stages between the runs and the summary (the solo check, the evidence
/// pass) read what they need from the tally (`verdict`, `failingRuns`) and add what they found here.
package struct TestFacts: Sendable {
    /// Its outcome, duration and failures in every run.
    package var tally: TestTally
    package var displayName: String?
    /// The display name of its Swift Testing suite.
    package var suiteDisplayName: String?
    /// Where it is declared: `path:line`.
    package var sourceLocation: String?
    /// `compare` and `demo`: the strategy whose runs these are.
    package var strategy: String?
    /// The synchronisation its source relies on, and where the gate that hint names sits.
    package var hint: String?
    package var hintGate: HintGate?
    package var hintReason: HintReason?
    /// Whether the hint followed calls through the compiler's index (`index`) or by name (`name`), or was
    /// observed at run time (`runtime`); then `readHint` is the code's reading, where it differs.
    package var hintReadBy: HintSource?
    package var readHint: String?
    /// `--until-proven`, `--rerun-failures`: why it needed no more runs.
    package var stopDecision: StopDecision?
    /// `--perturb`: the conditions of its strategy's runs, by run index (its rates per condition follow).
    package var conditions: [Int: PerturbationConditions]?
    /// `--baseline`: its entry, as of the report's day.
    package var baseline: Baseline.Listing?
    /// The solo check's note (`SoloConfirmation`).
    package var workerOverlap: WorkerOverlapNote?
    /// `--evidence`: what it did at run time.
    package var runtimeEvidence: RuntimeEvidence?
    /// `history`: what the CI history shows of it.
    package var historyFinding: HistoryFinding?
    /// `--changed-since`: why the change chose it.
    package var change: TestChange?

    package init(tally: TestTally) {
        self.tally = tally
        describe(tally.identity)
    }

    /// Takes what `identity` (discovery, the event stream) knows, where nothing is known yet.
    package mutating func describe(_ identity: TestIdentity?) {
        guard let identity else { return }
        displayName = displayName ?? identity.displayName
        suiteDisplayName = suiteDisplayName ?? identity.suiteDisplayName
        if sourceLocation == nil, let path = identity.sourcePath {
            sourceLocation = identity.sourceLine.map { "\(path):\($0)" } ?? path
        }
    }

    package var id: String { tally.identity.id }
    package var suite: String { tally.identity.suite }

    /// Runs that reached an outcome that counts towards the pass rate.
    package var countedRuns: Int { tally.history.reduce(0) { $0 + ($1.isCounted ? 1 : 0) } }

    package var verdict: Verdict {
        Verdict(passed: tally.count(.passed), counted: countedRuns, skipped: tally.count(.skipped))
    }

    /// The run indices it failed, crashed or timed out in.
    package var failingRuns: [Int] { tally.history.indices.filter { tally.history[$0].isFailure } }
}
