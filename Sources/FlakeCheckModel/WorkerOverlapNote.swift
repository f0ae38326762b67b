/// What the report says about a test whose failures all overlapped another worker's run (`WorkerOverlap`).
public struct WorkerOverlapNote: Equatable, Codable, Sendable {
    /// What the solo checks showed.
    public enum Cause: String, Codable, Sendable {
        /// It passed alone, and alone with the CPUs kept busy, often enough to have shown its failure
        /// rate: it needs another worker's process beside it, through something they share (a port, a
        /// file) or the way that process's work interleaves with its own. The check cannot tell which:
        /// the example's in-process global-closure race passed 50 of 50 both ways too. The gate counts it.
        case needsAnotherWorker
        /// It passed alone but failed alone with the CPUs kept busy: CPU contention exposes a race inside
        /// the test itself. A real flake; the gate counts it.
        case cpuContention
        /// Too few solo runs to have shown a failure at the rate measured: nothing is concluded.
        case inconclusive
        /// Its failures are timing checks (`timing`) and it passed alone: the load of parallel runs on a
        /// measurement, not something the workers share. Counted like any runner-made flake.
        case timingUnderLoad
        /// It failed with one worker too: the failure does not need another worker.
        case failsAlone
    }

    public var overlappingFailures: Int
    public var soloRuns: Int
    public var soloPassed: Int
    /// The solo runs with the CPUs kept busy (nil when none were run).
    public var loadedRuns: Int?
    public var loadedPassed: Int?
    /// Nil in reports written before causes were told apart.
    public var cause: Cause?
    /// The failure rate measured over the session's runs, and the solo runs it takes to see a failure at
    /// that rate with 95% probability (nil in reports of schema version 1).
    public var failureRate: Double?
    public var runsNeeded: Int?
    /// How many workers the session ran (for the range of `FLAKECHECK_WORKER`).
    public var workers: Int?
    /// With `timingUnderLoad`: what its failures measured.
    public var timing: TimingCheck? = nil
    /// A note of a report of schema version 1, which kept it as a sentence (`message`), in its own words.
    public var worded: String? = nil

    package init(
        overlappingFailures: Int, soloRuns: Int, soloPassed: Int, loadedRuns: Int?, loadedPassed: Int?,
        cause: Cause?, failureRate: Double?, runsNeeded: Int?, workers: Int?
    ) {
        self.overlappingFailures = overlappingFailures
        self.soloRuns = soloRuns
        self.soloPassed = soloPassed
        self.loadedRuns = loadedRuns
        self.loadedPassed = loadedPassed
        self.cause = cause
        self.failureRate = failureRate
        self.runsNeeded = runsNeeded
        self.workers = workers
    }
}
