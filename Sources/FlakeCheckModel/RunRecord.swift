/// What one run (one run index) did at the process level; the `runs[]` element of `report.json`.
public struct RunRecord: Equatable, Codable, Sendable {
    public var index: Int
    /// The first non-zero exit status of the run's processes (0 when all succeeded); nil when one was
    /// killed by a signal.
    public var exitCode: Int32?
    public var signal: Int32?
    public var timedOut: Bool
    public var wallSeconds: Double
    /// The kept output, relative to the output folder; nil when the run was clean and its log deleted.
    public var logPath: String?
    /// For `compare`: which strategy the run belongs to.
    public var strategy: String?
    public var processes: [ProcessRecord]
    /// Which worker ran it (0-based, as in the `FLAKECHECK_WORKER` its processes got), and when, in
    /// seconds since the session started: what tells a test that fails only beside another worker.
    public var worker: Int?
    public var startSeconds: Double?
    public var endSeconds: Double?
    /// `--perturb`: the conditions the run's processes were started under.
    public var perturbation: PerturbationConditions?
    /// For `parse`: which iteration of its log file this run is (1-based), when the file held several.
    public var logIteration: Int?
    /// Why the run's log could not be written in full (a full disk); the numbers do not depend on it.
    public var logError: String?
    /// Crashes and timeouts among parallel tests, lost results and spawn failures; nil when there were none.
    public var incidents: [RunIncident]?
    /// `--sanitize thread`: how many ThreadSanitizer reports the run's processes wrote (report.json's
    /// `sanitizerFindings` holds them, one per race across runs).
    public var sanitizerReports: Int?

    /// Which run this is: its index within its strategy (`compare` numbers each strategy's runs from 0,
    /// and in-process mode keeps one record per framework for the same run).
    public struct Key: Hashable, Sendable {
        public var strategy: String?
        public var index: Int

        package init(strategy: String?, index: Int) {
            self.strategy = strategy
            self.index = index
        }
    }

    package var key: Key { Key(strategy: strategy, index: index) }

    public struct ProcessRecord: Equatable, Codable, Sendable {
        public var frameworks: [TestFramework]
        public var tests: Int
        public var exitCode: Int32?
        public var signal: Int32?
        public var timedOut: Bool
        public var wallSeconds: Double

        package init(
            frameworks: [TestFramework], tests: Int, exitCode: Int32? = nil, signal: Int32? = nil, timedOut: Bool,
            wallSeconds: Double
        ) {
            self.frameworks = frameworks
            self.tests = tests
            self.exitCode = exitCode
            self.signal = signal
            self.timedOut = timedOut
            self.wallSeconds = wallSeconds
        }
    }

    package init(
        index: Int, strategy: String?, processes: [ProcessRecord], logPath: String?,
        incidents: [RunIncident] = []
    ) {
        self.index = index
        self.incidents = incidents.isEmpty ? nil : incidents
        self.strategy = strategy
        self.processes = processes
        self.logPath = logPath
        self.signal = processes.lazy.compactMap(\.signal).first
        self.exitCode = signal == nil ? (processes.lazy.compactMap(\.exitCode).first { $0 != 0 } ?? 0) : nil
        self.timedOut = processes.contains { $0.timedOut }
        self.wallSeconds = processes.reduce(0) { $0 + $1.wallSeconds }
    }
}
