/// The per-test numbers every report format shows. Codable because it is the `tests[]` element of
/// `report.json`, and `flakecheck report` / `merge` read it back.
public struct TestSummary: Equatable, Codable, Sendable {
    public var id: String
    public var framework: TestFramework
    public var suite: String
    public var name: String
    public var displayName: String?
    /// The display name of the test's Swift Testing suite, shown beside its ID.
    public var suiteDisplayName: String?
    public var sourceLocation: String?
    /// For `compare`: the strategy whose runs these are (a test can belong to more than one).
    public var strategy: String?
    public var runs: Int
    public var passed: Int
    public var failed: Int
    public var skipped: Int
    public var crashed: Int
    public var timedOut: Int
    public var notRun: Int
    /// passed / (passed + failed + crashed + timedOut); nil when the test never reached such an outcome.
    public var passRate: Double?
    public var passRateInterval: ProportionInterval
    public var verdict: Verdict
    public var durations: DurationStatistics?
    public var failures: [FailureSummary]
    /// One character per run index: P passed, F failed, C crashed, T timed out, S skipped, - not run.
    public var history: String
    /// Every measured duration, in run order, so that reports can be merged and re-rendered exactly.
    public var durationSamples: [Double]
    /// The synchronisation the test relies on, read from its source (see `SynchronisationHint`).
    public var hint: String?
    /// Where the gate a deterministic hint names sits in the test's own function (see `HintGate`).
    public var hintGate: HintGate?
    /// The line that decided the hint and the calls from there to the wait (see `HintReason`).
    public var hintReason: HintReason? = nil
    /// When it first failed in this session (`FirstFailure`); nil when it never failed, or in a report
    /// without run timings (`parse`, `history`).
    public var firstFailure: FirstFailure? = nil
    /// How the hint was found: following the test's calls through the compiler's index (`index`) or by
    /// name (`name`), or observed in the evidence runs (`runtime`, `RuntimeEvidence.observation`).
    public var hintReadBy: HintSource?
    /// When the evidence runs observed a hint other than the one read from the code: the code's reading.
    public var readHint: String?
    /// `flakecheck history`: same-commit passes and failures, reruns that passed it, when it started failing.
    public var historyFinding: HistoryFinding?
    /// `--changed-since`: why the change chose it (new, changed, or calling a changed function).
    public var change: TestChange?
    /// What the test did at run time, from the evidence pass (`--evidence`); nil when it had none.
    public var runtimeEvidence: RuntimeEvidence?
    /// What the runs prove about the failure rate (`--confidence`, `--target-failure-rate`).
    public var proof: ConfidenceStatement?
    /// Set when `--baseline` lists the test.
    public var baseline: BaselineStatus?
    /// `--until-proven` and `--rerun-failures`: why this test needed no more runs.
    public var stopDecision: StopDecision?
    /// Why the test was skipped, when it said so (the newest reason over the runs).
    public var skipReason: String?
    /// The failures beyond the kept `failures` (nil when none were left out), so the kept ones plus these
    /// always add up to every failure recorded.
    public var otherFailures: OtherFailures?

    /// Set when every failure happened while another worker ran the same binary, and the test then passed
    /// every run with one worker: the failures are most likely made by running in parallel (a fixed port
    /// or file), not by the test's own code.
    public var workerOverlap: WorkerOverlapNote?
    /// `--perturb`: pass rates per condition, and the one condition every failure had (if any).
    public var conditionRates: [ConditionRate]?
    /// `--perturb`: the run that repeats the test's first failure, and the condition it failed under most.
    public var reproduction: Reproduction?
    /// `--hunt`: what the learner knew of the test at the end, per arm (`condition` is the arm's name in
    /// `runs[].perturbation.arm`): this session's runs plus those it started from (`--learn-from`), so a
    /// chain of sessions keeps learning. The session's own measurements are `conditionRates`.
    public var learnedArms: [ConditionRate]?

    public struct OtherFailures: Equatable, Codable, Sendable {
        /// Failures left out.
        public var count: Int
        /// Distinct message shapes left out.
        public var messages: Int

        package init(count: Int, messages: Int) {
            self.count = count
            self.messages = messages
        }
    }

    public struct FailureSummary: Equatable, Codable, Sendable {
        public var message: String
        public var location: String?
        public var count: Int
        public var runIndices: [Int]

        package init(message: String, location: String? = nil, count: Int, runIndices: [Int]) {
            self.message = message
            self.location = location
            self.count = count
            self.runIndices = runIndices
        }
    }

    /// Runs in which the test reached an outcome that counts towards the pass rate.
    package var countedRuns: Int { passed + failed + crashed + timedOut }

    /// The run indices whose history symbol is a failure (failed, crashed, timed out).
    package var failingRuns: [Int] {
        history.enumerated().compactMap { TestOutcome(symbol: $0.element)?.isFailure == true ? $0.offset : nil }
    }

    package init(
        id: String, framework: TestFramework, suite: String, name: String, displayName: String? = nil,
        suiteDisplayName: String? = nil, sourceLocation: String? = nil, strategy: String? = nil, runs: Int, passed: Int,
        failed: Int, skipped: Int, crashed: Int, timedOut: Int, notRun: Int, passRate: Double? = nil,
        passRateInterval: ProportionInterval, verdict: Verdict, durations: DurationStatistics? = nil,
        failures: [FailureSummary], history: String, durationSamples: [Double], hint: String? = nil,
        hintGate: HintGate? = nil, hintReadBy: HintSource? = nil, readHint: String? = nil,
        historyFinding: HistoryFinding? = nil, change: TestChange? = nil, runtimeEvidence: RuntimeEvidence? = nil,
        proof: ConfidenceStatement? = nil, baseline: BaselineStatus? = nil, stopDecision: StopDecision? = nil,
        skipReason: String? = nil, otherFailures: OtherFailures? = nil, workerOverlap: WorkerOverlapNote? = nil,
        conditionRates: [ConditionRate]? = nil, reproduction: Reproduction? = nil, learnedArms: [ConditionRate]? = nil
    ) {
        self.id = id
        self.framework = framework
        self.suite = suite
        self.name = name
        self.displayName = displayName
        self.suiteDisplayName = suiteDisplayName
        self.sourceLocation = sourceLocation
        self.strategy = strategy
        self.runs = runs
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
        self.crashed = crashed
        self.timedOut = timedOut
        self.notRun = notRun
        self.passRate = passRate
        self.passRateInterval = passRateInterval
        self.verdict = verdict
        self.durations = durations
        self.failures = failures
        self.history = history
        self.durationSamples = durationSamples
        self.hint = hint
        self.hintGate = hintGate
        self.hintReadBy = hintReadBy
        self.readHint = readHint
        self.historyFinding = historyFinding
        self.change = change
        self.runtimeEvidence = runtimeEvidence
        self.proof = proof
        self.baseline = baseline
        self.stopDecision = stopDecision
        self.skipReason = skipReason
        self.otherFailures = otherFailures
        self.workerOverlap = workerOverlap
        self.conditionRates = conditionRates
        self.reproduction = reproduction
        self.learnedArms = learnedArms
    }
}
