import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// Everything `run`, `compare` and `demo` need to know, validated once from the command line.
public struct RunPlan: Sendable, Equatable {
    public var packagePath: String
    public var filters: [String]
    public var skips: [String]
    public var runs: Int
    public var workers: Int
    public var timeout: Double
    public var configuration: String
    public var build: Bool
    /// `--bin-path`: where the built test binary is, instead of asking `swift build --show-bin-path`.
    public var binPath: String?
    public var outputPath: String
    public var minPassRate: Double
    public var confidence: Double
    public var targetFailureRate: Double
    /// `--shard I/N`; nil runs every run here.
    public var shard: Shard?
    public var baseline: Baseline?
    /// `--until-proven`: stop running each test once its verdict is settled; `runs` is then the maximum.
    public var untilProven: Bool
    /// `--archive FILE`: the tests of a build archive, run without building (`BuildArchive`).
    public var archive: String?
    /// `--rerun-failures K`: the selection once, then each failed test up to K more times (`RerunSchedule`).
    public var rerunFailures: Int?
    /// `--fail-on-flaky`: with `--rerun-failures`, tests that passed only on a rerun fail the gate too.
    public var failOnFlaky = false
    /// `--evidence`: record what each flaky or failing test does at run time (`EvidencePass`).
    public var evidence = false
    /// `--evidence-all`: the evidence pass for every selected test, not only the suspects.
    public var evidenceForAll = false
    /// `--changed-since REF`: only the tests the change since REF touches, through `changeDepth` calls.
    public var changedSince: String?
    public var changeDepth = 2
    /// `--budget`: seconds from the first run after which no run starts (with `untilProven`).
    public var budget: Double?
    /// `--fail-on-new-flaky`: a chosen test that failed even once fails the gate.
    public var failOnNewFlaky = false
    /// Said once before the runs start: `--stress` now meaning `--perturb`, for example.
    public var notes: [String] = []
    /// `--perturb`: how each run's conditions are drawn.
    public var perturbation: PerturbationPlan?
    /// `--replay REPORT --run K`: where the fixed conditions came from.
    public var replayed: ReplayedRun?
    /// `--sanitize thread`: build and run the tests under ThreadSanitizer.
    public var sanitizer: Sanitizer?
    /// `--sanitize thread`: the library that shows ThreadSanitizer `Mutex`'s locking, when found.
    public var sanitizerSupportLibrary: String?
    public var mode: ExecutionMode
    public var quiet: Bool
    /// `--xcode`: an Xcode scheme's tests, run through xcodebuild instead of SwiftPM.
    public var xcode: XcodeSelection?

    public struct XcodeSelection: Sendable, Equatable {
        public var scheme: String
        public var workspace: String?
        public var project: String?
        public var destination: String?
        /// `Target/Class/method` or `Target/Suite/function()`, as xcodebuild's `-only-testing:` takes them.
        public var onlyTesting: [String]

        package init(
            scheme: String, workspace: String? = nil, project: String? = nil, destination: String? = nil,
            onlyTesting: [String]
        ) {
            self.scheme = scheme
            self.workspace = workspace
            self.project = project
            self.destination = destination
            self.onlyTesting = onlyTesting
        }
    }

    /// The plan with the defaults the command's options declare (`RunPlan(packagePath:outputPath:)`, in the
    /// command layer, passes them): what `list`, `archive` and `parse` leave unset.
    package init(
        packagePath: String, outputPath: String, runs: Int, timeout: Double, configuration: String,
        minPassRate: Double, confidence: Double, targetFailureRate: Double
    ) {
        self.packagePath = packagePath
        filters = []
        skips = []
        self.runs = runs
        workers = 1
        self.timeout = timeout
        self.configuration = configuration
        build = true
        self.outputPath = outputPath
        self.minPassRate = minPassRate
        self.confidence = confidence
        self.targetFailureRate = targetFailureRate
        untilProven = false
        mode = .process
        quiet = false
    }
}
