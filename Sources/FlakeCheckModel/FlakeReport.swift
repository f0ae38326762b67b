/// Everything a flakecheck command found, in the shape of `report.json` (schema version 2): numbers and
/// typed values only. Every other format (terminal, HTML, JUnit, Markdown) is rendered from this value,
/// and words what it holds (Reporting), so `flakecheck report` can re-render a saved JSON file exactly.
/// Version 1 files, which held sentences where version 2 holds values, are read by `ReportVersion1`.
public struct FlakeReport: Equatable, Codable, Sendable {
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    public var tool: Tool
    /// `run`, `parse`, `compare` or `demo`.
    public var command: String
    public var configuration: Configuration
    public var startedAt: String
    public var finishedAt: String
    public var wallSeconds: Double
    /// True when Ctrl-C stopped the runs early; the numbers cover the runs that finished.
    public var interrupted: Bool
    public var runs: [RunRecord]
    public var tests: [TestSummary]
    public var summary: Summary
    public var gate: Gate
    public var strategies: [StrategySummary]?
    /// `--sanitize thread`: ThreadSanitizer's reports, one per race across runs (nil without it).
    public var sanitizerFindings: [SanitizerFinding]? = nil
    /// The solo re-check after the runs, when one ran: not part of `wallSeconds`, which the runs took.
    public var recheck: RecheckSummary? = nil

    public struct Tool: Equatable, Codable, Sendable {
        public var name: String
        public var version: String

        package init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    public struct Configuration: Equatable, Codable, Sendable {
        public var packagePath: String?
        public var filters: [String]
        public var skips: [String]
        /// How many runs each test's history has: `runsAsked`, or `maxRuns` under `untilProven`; under
        /// `shard`, all shards' runs (`runsHere` is this report's share). What `merge` lines histories up to.
        public var runs: Int
        public var workers: Int
        public var mode: String
        public var timeoutSeconds: Double
        public var buildConfiguration: String
        public var minPassRate: Double
        public var confidence: Double
        public var toolchain: String?
        public var inputFiles: [String]?
        /// Set in a shard's report; runs of other shards show as `-` in its histories.
        public var shard: Shard?
        /// `--until-proven`: `runs` is the maximum, and each test says why it stopped.
        public var untilProven: Bool?
        /// Caveats about how the numbers were measured (in-process mode's shared state).
        public var notes: [ConfigurationNote]?
        /// `--perturb`: the seed every run's conditions were drawn from (`--perturb-seed` repeats them).
        public var perturbSeed: UInt64? = nil
        /// `--explore-schedules`: the runs drawn from `perturbSeed` ordered jobs by priorities (PCT) instead
        /// of delaying them; nil otherwise.
        public var exploreSchedules: Bool? = nil
        /// `--shorten-sleeps`: the runs drawn from `perturbSeed` shortened sleeps in 3 of 4 runs beside; nil otherwise.
        public var shortenSleeps: Bool? = nil
        /// `--perturb-noise`: the runs drawn from `perturbSeed` could be made under the noise arm; nil otherwise.
        public var perturbNoise: Bool? = nil
        /// `--replay`: the saved run whose conditions every run had (then `perturbSeed` is nil).
        public var replayed: ReplayedRun? = nil
        /// `--sanitize`: the sanitizer the tests were built and run with.
        public var sanitizer: Sanitizer? = nil
        /// `--target-failure-rate`: what each test's `proof` measures against (nil in older reports).
        public var targetFailureRate: Double? = nil
        /// `--rerun-failures K`: the selection ran once, then each failure up to K more times.
        public var rerunFailures: Int? = nil
        /// `--fail-on-flaky`: with `--rerun-failures`, a test that passed only on a rerun fails the gate too.
        public var failOnFlaky: Bool? = nil
        /// `--changed-since REF`: the tests were the ones the change since REF touches (`tests[].change`).
        public var changedSince: String? = nil
        /// `--budget`: the seconds the runs had.
        public var budgetSeconds: Double? = nil
        /// `--fail-on-new-flaky`: a chosen test that failed even once fails the gate.
        public var failOnNewFlaky: Bool? = nil
        /// The runs asked of each test: `--runs` or its default, 1 under `--rerun-failures` (its reruns come
        /// after); nil under `untilProven`, where each test stopped on its own, and for `parse`, `history` and
        /// older reports.
        public var runsAsked: Int? = nil
        /// Under `untilProven`: the most runs a test could have had (`--max-runs`, or the budget's cap).
        public var maxRuns: Int? = nil
        /// The runs of each test this report's machine made: `runsAsked`, or its shard's share of them
        /// (nil under `untilProven`, for `parse` and `history`, and in older reports).
        public var runsHere: Int? = nil

        package init(
            packagePath: String? = nil, filters: [String], skips: [String], runs: Int, workers: Int, mode: String,
            timeoutSeconds: Double, buildConfiguration: String, minPassRate: Double, confidence: Double,
            toolchain: String? = nil, inputFiles: [String]? = nil, shard: Shard? = nil, untilProven: Bool? = nil,
            notes: [ConfigurationNote]? = nil, perturbSeed: UInt64? = nil, exploreSchedules: Bool? = nil,
            shortenSleeps: Bool? = nil, replayed: ReplayedRun? = nil, sanitizer: Sanitizer? = nil,
            targetFailureRate: Double? = nil, rerunFailures: Int? = nil, failOnFlaky: Bool? = nil,
            changedSince: String? = nil, budgetSeconds: Double? = nil, failOnNewFlaky: Bool? = nil
        ) {
            self.packagePath = packagePath
            self.filters = filters
            self.skips = skips
            self.runs = runs
            self.workers = workers
            self.mode = mode
            self.timeoutSeconds = timeoutSeconds
            self.buildConfiguration = buildConfiguration
            self.minPassRate = minPassRate
            self.confidence = confidence
            self.toolchain = toolchain
            self.inputFiles = inputFiles
            self.shard = shard
            self.untilProven = untilProven
            self.notes = notes
            self.perturbSeed = perturbSeed
            self.exploreSchedules = exploreSchedules
            self.shortenSleeps = shortenSleeps
            self.replayed = replayed
            self.sanitizer = sanitizer
            self.targetFailureRate = targetFailureRate
            self.rerunFailures = rerunFailures
            self.failOnFlaky = failOnFlaky
            self.changedSince = changedSince
            self.budgetSeconds = budgetSeconds
            self.failOnNewFlaky = failOnNewFlaky
        }
    }

    public struct Summary: Equatable, Codable, Sendable {
        public var tests: Int
        public var stable: Int
        public var flaky: Int
        public var failing: Int
        public var skipped: Int
        public var notRun: Int
        /// Runs' incidents (`runs[].incidents`), by kind; nil in reports written before they existed.
        public var unattributedCrashes: Int?
        public var unattributedTimeouts: Int?
        public var lostResults: Int?
        public var spawnFailures: Int?
        /// Results a saved log could not tell apart (`parse`), counted per test and run.
        public var ambiguousResults: Int?

        package init(tests: [TestSummary], runs: [RunRecord] = []) {
            self.tests = tests.count
            // Counted by index: a filter, or a loop over the values, copies every summary it passes.
            var counts: [Verdict: Int] = [:]
            for index in tests.indices { counts[tests[index].verdict, default: 0] += 1 }
            stable = counts[.stable] ?? 0
            flaky = counts[.flaky] ?? 0
            failing = counts[.failing] ?? 0
            skipped = counts[.skipped] ?? 0
            notRun = counts[.notRun] ?? 0
            let incidents = runs.flatMap { $0.incidents ?? [] }
            unattributedCrashes = incidents.filter { $0.kind == .crash && $0.isUnresolved }.count
            unattributedTimeouts = incidents.filter { $0.kind == .timeout && $0.isUnresolved }.count
            lostResults = incidents.filter { $0.kind == .lostResults }.reduce(0) { $0 + $1.candidates.count }
            spawnFailures = incidents.filter { $0.kind == .spawnFailure }.count
            let ambiguous = incidents.filter { $0.kind == .ambiguousResults }.reduce(0) { $0 + $1.candidates.count }
            ambiguousResults = ambiguous > 0 ? ambiguous : nil
        }
    }

    /// The CI gate: passed when every test that ran has a pass rate of at least `minPassRate`, no
    /// selected test went unmeasured, and no run had an incident flakecheck could not resolve (a crash or
    /// timeout pinned on nobody, lost results, a process that could not start). Baselined tests do not
    /// count, unless their entry has expired.
    public struct Gate: Equatable, Codable, Sendable {
        public var minPassRate: Double
        public var passed: Bool
        /// IDs of the tests that tripped the gate.
        public var belowThreshold: [String]
        /// Why the gate failed, in the order the terminal prints them; empty when it passed.
        public var failures: [GateFailure]

        /// `flakyPasses`: a test that passed at least once does not trip the gate (`--rerun-failures`
        /// without `--fail-on-flaky`): only tests that never passed do.
        package init(
            tests: [TestSummary], minPassRate: Double, runs: [RunRecord] = [], flakyPasses: Bool = false,
            failOnNewFlaky: Bool = false, sanitizerFindings: [SanitizerFinding] = [], interrupted: Bool = false
        ) {
            self.minPassRate = minPassRate
            var failures: [GateFailure] = interrupted ? [.interrupted(runs: Set(runs.map(\.index)).count)] : []
            belowThreshold = tests.filter { test in
                switch test.baseline?.state {
                case .expired?:
                    failures.append(.baselineExpired(test: test.id, strategy: test.strategy))
                    return true
                case .knownFlaky?, .fixed?: return false
                case nil: break
                }
                // `--fail-on-new-flaky`: a test the change added or touched that failed even once.
                if failOnNewFlaky, let change = test.change, let first = test.failingRuns.first {
                    failures.append(
                        .changedTestFailed(
                            test: test.id, strategy: test.strategy, change: change,
                            failedRuns: test.failingRuns.count, runs: test.countedRuns,
                            firstFailingRun: first + 1))
                    return true
                }
                switch test.verdict {
                case .skipped: return false
                case .notRun:
                    failures.append(.neverRan(test: test.id, strategy: test.strategy))
                    return true
                default:
                    let rate = test.passRate ?? 0
                    if rate >= minPassRate, minPassRate >= 1, test.verdict == .flaky, !flakyPasses,
                        let reruns = test.historyFinding?.passedAfterRerun, reruns > 0
                    {
                        failures.append(.passedOnlyOnRerun(test: test.id, strategy: test.strategy, runs: reruns))
                        return true
                    }
                    guard rate < minPassRate, !(flakyPasses && test.passed > 0) else { return false }
                    failures.append(
                        flakyPasses
                            ? .neverPassed(test: test.id, strategy: test.strategy, runs: test.countedRuns)
                            : .belowMinPassRate(
                                test: test.id, strategy: test.strategy, passRate: rate, minPassRate: minPassRate))
                    return true
                }
            }.map(\.id)
            for run in runs {
                for incident in run.incidents ?? [] where incident.isUnresolved {
                    failures.append(.unresolvedIncident(run: run.index, strategy: run.strategy, incident: incident))
                }
            }
            // A race is a defect whatever the tests' outcomes: it fails the gate, but no test's verdict.
            for finding in sanitizerFindings {
                failures.append(
                    .dataRace(summary: finding.report.summary, tests: finding.blamedTests, runs: finding.runs.count))
            }
            self.failures = failures
            passed = failures.isEmpty
        }
    }

    package init(
        schemaVersion: Int, tool: Tool, command: String, configuration: Configuration, startedAt: String,
        finishedAt: String, wallSeconds: Double, interrupted: Bool, runs: [RunRecord], tests: [TestSummary],
        summary: Summary, gate: Gate, strategies: [StrategySummary]? = nil, sanitizerFindings: [SanitizerFinding]? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.tool = tool
        self.command = command
        self.configuration = configuration
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.wallSeconds = wallSeconds
        self.interrupted = interrupted
        self.runs = runs
        self.tests = tests
        self.summary = summary
        self.gate = gate
        self.strategies = strategies
        self.sanitizerFindings = sanitizerFindings
    }
}

extension FlakeReport.Gate {
    private enum CodingKeys: String, CodingKey { case minPassRate, passed, belowThreshold, failures }

    /// Schema version 1 had sentences (`reasons`) instead of `failures`: those read as none here, and
    /// `ReportVersion1` works the failures out again from the report's tests and runs.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        minPassRate = try container.decode(Double.self, forKey: .minPassRate)
        passed = try container.decode(Bool.self, forKey: .passed)
        belowThreshold = try container.decode([String].self, forKey: .belowThreshold)
        failures = try container.decodeIfPresent([GateFailure].self, forKey: .failures) ?? []
    }
}
