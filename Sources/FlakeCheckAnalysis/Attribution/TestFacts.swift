import FlakeCheckModel
import Foundation

/// Everything a command learned about one test, gathered by its stages before the test's summary is made:
/// the one input of `TestSummary(facts:)`, so that a summary is built once, in one place, and no stage
/// patches it afterwards. The stages between the runs and the summary (the solo check, the evidence
/// pass) read what they need from the tally (`verdict`, `failingRuns`) and add what they found here.
public struct TestFacts: Sendable {
    /// Its outcome, duration and failures in every run.
    public var tally: TestTally
    public var displayName: String?
    /// The display name of its Swift Testing suite.
    public var suiteDisplayName: String?
    /// Where it is declared: `path:line`.
    public var sourceLocation: String?
    /// `compare` and `demo`: the strategy whose runs these are.
    public var strategy: String?
    /// The synchronisation its source relies on, and where the gate that hint names sits.
    public var hint: String?
    public var hintGate: HintGate?
    public var hintReason: HintReason?
    /// Whether the hint followed calls through the compiler's index (`index`) or by name (`name`), or was
    /// observed at run time (`runtime`); then `readHint` is the code's reading, where it differs.
    public var hintReadBy: String?
    public var readHint: String?
    /// `--until-proven`, `--rerun-failures`: why it needed no more runs.
    public var stopDecision: StopDecision?
    /// `--perturb`: the conditions of its strategy's runs, by run index (its rates per condition follow).
    public var conditions: [Int: PerturbationConditions]?
    /// `--baseline`: its entry, as of the report's day.
    public var baseline: Baseline.Listing?
    /// The solo check's note (`SoloConfirmation`).
    public var workerOverlap: WorkerOverlapNote?
    /// `--evidence`: what it did at run time.
    public var runtimeEvidence: RuntimeEvidence?
    /// `history`: what the CI history shows of it.
    public var historyFinding: HistoryFinding?
    /// `--changed-since`: why the change chose it.
    public var change: TestChange?

    public init(tally: TestTally) {
        self.tally = tally
        describe(tally.identity)
    }

    /// Takes what `identity` (discovery, the event stream) knows, where nothing is known yet.
    public mutating func describe(_ identity: TestIdentity?) {
        guard let identity else { return }
        displayName = displayName ?? identity.displayName
        suiteDisplayName = suiteDisplayName ?? identity.suiteDisplayName
        if sourceLocation == nil, let path = identity.sourcePath {
            sourceLocation = identity.sourceLine.map { "\(path):\($0)" } ?? path
        }
    }

    public var id: String { tally.identity.id }
    public var suite: String { tally.identity.suite }

    /// Runs that reached an outcome that counts towards the pass rate.
    public var countedRuns: Int { tally.history.reduce(0) { $0 + ($1.isCounted ? 1 : 0) } }

    public var verdict: Verdict {
        Verdict(passed: tally.count(.passed), counted: countedRuns, skipped: tally.count(.skipped))
    }

    /// The run indices it failed, crashed or timed out in.
    public var failingRuns: [Int] { tally.history.indices.filter { tally.history[$0].isFailure } }
}
