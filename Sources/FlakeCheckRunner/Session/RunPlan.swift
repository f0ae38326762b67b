import FlakeCheckAnalysis
import FlakeCheckModel
import Foundation

/// Everything `run`, `compare` and `demo` need to know, validated once from the command line. What the
/// user asked comes whole, as the option groups the command line filled (`selection`, `build`, `run`,
/// `schedule`, `gate`); beside them only what the command read from the machine for them: where the
/// package and output are, the worker count, the shard, the baseline, the conditions' plan.
package struct RunPlan: Sendable, Equatable {
    /// Where the package is: `selection.packagePath`, the command's default or a replayed report's, absolute.
    package var packagePath: String
    package var outputPath: String
    package var selection = SelectionOptions()
    package var build = BuildOptions()
    package var run = RunOptions()
    package var schedule = ScheduleOptions()
    package var gate = GateOptions()
    /// `run.workers`, or the count the command chose for the machine.
    package var workers = 1
    /// `schedule.shard` resolved (`auto` read from the CI's variables); nil runs every run here.
    package var shard: Shard?
    package var baseline: Baseline?
    /// Said once before the runs start: `--stress` now meaning `--perturb`, for example.
    package var notes: [String] = []
    /// `--perturb`: how each run's conditions are drawn.
    package var perturbation: PerturbationPlan?
    /// `--replay REPORT --run K`: where the fixed conditions came from.
    package var replayed: ReplayedRun?
    /// `--sanitize thread`: the library that shows ThreadSanitizer `Mutex`'s locking, when found.
    package var sanitizerSupportLibrary: String?
    package var quiet = false
    /// `--xcode`: an Xcode scheme's tests, run through xcodebuild instead of SwiftPM.
    package var xcode: XcodeSelection?

    package struct XcodeSelection: Sendable, Equatable {
        package var scheme: String
        package var workspace: String?
        package var project: String?
        package var destination: String?
        /// `Target/Class/method` or `Target/Suite/function()`, as xcodebuild's `-only-testing:` takes them.
        package var onlyTesting: [String]

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

    /// The plan with every option at its default: what `list`, `archive` and `parse` leave unset.
    package init(packagePath: String, outputPath: String) {
        self.packagePath = packagePath
        self.outputPath = outputPath
    }

    /// How many runs each test's history has, the one place its three meanings are told apart: the cap
    /// under `--until-proven` (each test stops on its own before it), one under `--rerun-failures` (the
    /// reruns come after), else `--runs` or its default. Under `--shard` this machine makes only its share.
    package var runsPerTest: Int {
        schedule.adaptive ? schedule.runCap : schedule.rerunFailures != nil ? 1 : run.runs ?? RunOptions.defaultRuns
    }
}
