import Foundation

/// Every option of the commands that run or report tests, declared once with its type, default and
/// help, in the groups the commands are made of. `RunPlan` reads them by these constants, never by name.
enum Options {
    // MARK: Selection
    static let packagePath = Option<String>.text("--package-path", value: "DIR", help: "The Swift package whose tests to run",
                                                 default: ".")
    static let filter = Option<String>.text("--filter", value: "REGEX", help: "Run only tests whose ID matches", repeatable: true)
    static let skip = Option<String>.text("--skip", value: "REGEX", help: "Leave out tests whose ID matches", repeatable: true)

    // MARK: Xcode
    static let xcode = Flag("--xcode", help: "Run an Xcode scheme's tests with xcodebuild (macOS): build-for-testing once, "
                                + "then test-without-building per run; needs --scheme and --only-testing")
    static let scheme = Option<String>.text("--scheme", value: "NAME", help: "With --xcode: the scheme to build and test")
    static let workspace = Option<String>.text("--workspace", value: "FILE", help: "With --xcode: the .xcworkspace (or give --project)")
    static let project = Option<String>.text("--project", value: "FILE", help: "With --xcode: the .xcodeproj")
    static let destination = Option<String>.text(
        "--destination", value: "SPEC", help: "With --xcode: e.g. 'platform=iOS Simulator,name=iPhone 16' (one worker per simulator)")
    static let onlyTesting = Option<String>.text(
        "--only-testing", value: "T/C/M", help: "With --xcode: a test to run, Target/Class/method or Target/Suite/function()",
        repeatable: true)

    // MARK: Runs
    static let runs = Option<Int>.integer("--runs", help: "How many times to run each test", default: 100, range: 1...1_000_000)
    static let workers = Option<Int>.integer("--workers", help: "Runs in parallel", shownDefault: "number of CPUs", range: 1...256)
    static let timeout = Option<Double>.number("--timeout", value: "SECONDS", help: "Kill a run's process group after this long",
                                               default: 300, range: 0.1...86_400, takes: "a number of seconds from 0.1 to 86400")
    static let mode = Option<ExecutionMode>(
        "--mode", value: "process|swift-test|in-process",
        help: "process: the test binary per run; swift-test: `swift test` per run; in-process: Swift Testing "
            + "--repetitions in one process (shared state)",
        default: .process, shownDefault: ExecutionMode.process.rawValue, takes: "process, swift-test or in-process") {
        ExecutionMode(rawValue: $0)
    }
    static let sanitize = Option<Sanitizer>(
        "--sanitize", value: "thread",
        help: "Build the tests with ThreadSanitizer (a build folder of their own) and report each data race it "
            + "finds, with its stacks and the tests on them; a race fails the gate, not the tests",
        takes: "thread") {
        Sanitizer(rawValue: $0)
    }
    static let shard = Option<Shard.Request>(
        "--shard", value: "I/N|auto",
        help: "Run only shard I of N of the runs (combine the reports with flakecheck merge); auto: from the CI's "
            + "parallel-job variables (Buildkite, CircleCI, GitLab)",
        takes: "I/N with 1 <= I <= N, e.g. 3/10, or auto") { $0 == "auto" ? .auto : Shard(text: $0).map(Shard.Request.fixed) }
    /// Kept so old scripts keep working: its CPU burners made races rarer, not sooner (README, "What did not work").
    static let stress = Option<Int>.integer(
        "--stress", value: "LEVEL", help: "Replaced by --perturb: any level above 0 runs with --perturb (and says so)",
        default: 0, range: 0...3)
    static let perturb = Flag("--perturb", help: "Vary each run's conditions (scheduler delays, CPUs, Swift Testing parallelism, "
                                  + "hashing; with several workers, some runs plain and alone, as many as each failing test's rates "
                                  + "call for) so races fail sooner; each run's conditions are in the report")
    static let exploreSchedules = Flag("--explore-schedules", help: "Like --perturb, but each run orders Swift concurrency's "
                                           + "jobs by seeded random task priorities (PCT, depth 1-3), one job at a time, "
                                           + "instead of delaying them: for ordering races between tasks of one test; it "
                                           + "hides races between parallel tests (Linux)")
    static let perturbNoise = Flag("--perturb-noise", help: "With --perturb: also busy threads (25-75% of each CPU) and "
                                       + "memory churn (64 or 256 MB) inside the test process, each in half the runs")
    static let perturbSeed = Option<UInt64>(
        "--perturb-seed", value: "S", help: "With --perturb: the seed of the conditions, to repeat a run's conditions (default: random)",
        takes: "a whole number from 0 to \(UInt64.max)") { UInt64($0) }
    static let replay = Option<String>.text(
        "--replay", value: "REPORT", help: "With --run K: run the tests that failed in run K of a saved report.json again, "
            + "under that run's --perturb conditions")
    static let run = Option<Int>.integer("--run", value: "K", help: "With --replay: the run to replay (1-based, as in logs/run-0000K.log)",
                                         range: 1...Int.max)
    static let evidence = Flag("--evidence", help: "After the runs, run each flaky or failing test, and each whose hint names a "
                                   + "yield, sleep or Task {}, alone \(EvidencePass.defaultRuns) more times with a runtime recorder: "
                                   + "its yields, sleeps, tasks and main-actor jobs go with its hint (Linux; always on in demo)")
    static let rerunFailures = Option<Int>.integer(
        "--rerun-failures", value: "K", help: "Run the selection once, then rerun each failed test alone up to K times: "
            + "flaky if a rerun passes, failing if none does; the gate fails on failing tests only", range: 1...100)
    static let failOnFlaky = Flag("--fail-on-flaky", help: "With --rerun-failures: tests that passed only on a rerun fail the gate too")
    static let untilProven = Flag("--until-proven", help: "Stop running each test once it is flaky or proven below --target-failure-rate")
    static let maxRuns = Option<Int>.integer("--max-runs", help: "With --until-proven: the most runs per test", default: 1000,
                                             range: 1...1_000_000)

    // MARK: Build
    static let configuration = Option<String>("--configuration", value: "debug|release", help: "Build configuration",
                                              default: "debug", takes: "debug or release") {
        ["debug", "release"].contains($0) ? $0 : nil
    }
    static let noBuild = Flag("--no-build", help: "Use the test binary already built instead of building first")
    static let archive = Option<String>.text(
        "--archive", value: "FILE", help: "Run the tests of an archive written by `flakecheck archive`, without building "
            + "(the machine needs the toolchain that built it)")
    static let archiveFile = Option<String>.text("--output", value: "FILE", help: "Where to write the archive",
                                                 default: "flakecheck-archive.tar.gz")
    static let binPath = Option<String>.text(
        "--bin-path", value: "DIR", help: "With --no-build: the build's bin folder, instead of `swift build --show-bin-path` "
            + "(the SwiftPM plugin passes it)")

    // MARK: Report
    static let output = Option<String>.text("--output", value: "DIR", help: "Where report.json and kept logs go", default: "Reports")
    static let format = Option<String>.text("--format", value: "LIST", help: "Comma-separated report formats: json, markdown, html, junit",
                                            default: "json")
    static let minPassRate = Option<Double>.number("--min-pass-rate", value: "R", help: "Exit 1 when a test's pass rate is below R (0 to 1)",
                                                   default: 1.0, range: 0...1, takes: "a pass rate from 0 to 1")
    static let confidence = Option<Double>.number("--confidence", value: "C", help: "Confidence level of the intervals",
                                                  default: 0.95, range: 0.5...0.9999, takes: "a confidence level from 0.5 to 0.9999")
    static let targetFailureRate = Option<Double>.number(
        "--target-failure-rate", value: "P", help: "Failure rate the report says how many clean runs would prove",
        default: 0.01, range: 0.000001...0.5, takes: "a failure rate from 0.000001 to 0.5")
    static let baseline = Option<String>.text("--baseline", value: "FILE",
                                              help: "Known-flaky tests that do not trip the gate until their entry expires")
    static let noStepSummary = Flag("--no-step-summary", help: "Do not append the Markdown summary to $GITHUB_STEP_SUMMARY")
    static let quiet = Flag("--quiet", help: "Print only the summary table (no progress, no build output)")
    static let noColor = Flag("--no-color", help: "Never colour the output (NO_COLOR is honoured too)")
    static let showTests = Flag("--show-tests", help: "Print the per-test table too (report.json and --format html "
                                + "always have it); by default the strategy table is what is printed")
    static let help = Flag("--help", help: "Show this help")

    // MARK: Groups

    static let selection = [packagePath.spec, filter.spec, skip.spec]
    static let xcodeGroup = [xcode.spec, scheme.spec, workspace.spec, project.spec, destination.spec, onlyTesting.spec]
    static let runGroup = [runs.spec, workers.spec, timeout.spec, configuration.spec, noBuild.spec, binPath.spec, archive.spec,
                           mode.spec, sanitize.spec]
    static let adaptiveGroup = [shard.spec, stress.spec.hiddenFromHelp(), perturb.spec, exploreSchedules.spec, perturbNoise.spec, perturbSeed.spec,
                                replay.spec, run.spec, untilProven.spec, maxRuns.spec, rerunFailures.spec, failOnFlaky.spec,
                                evidence.spec]
    /// `compare` and `demo`: `--replay` and `--run` are refused there with a message of their own.
    static let comparingAdaptiveGroup = adaptiveGroup.map {
        $0.name == replay.spec.name || $0.name == run.spec.name ? $0.hiddenFromHelp() : $0
    }
    static let reportGroup = [output.spec, format.spec, minPassRate.spec, confidence.spec, targetFailureRate.spec]
    static let gateGroup = [baseline.spec, noStepSummary.spec, quiet.spec, noColor.spec, help.spec]
}
