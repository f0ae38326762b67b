import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// How many runs, on how many workers, in which kind of process: `--runs`, `--workers`, `--timeout`,
/// `--mode`, `--sanitize`.
package struct RunOptions: OptionGroup {
    package static let runs = Option<Int>.integer(
        "--runs", help: "How many times to run each test", default: 100, range: 1...1_000_000)
    package static let workers = Option<Int>.integer(
        "--workers", help: "Runs in parallel", shownDefault: "number of CPUs", range: 1...256)
    package static let timeout = Option<Double>.number(
        "--timeout", value: "SECONDS", help: "Kill a run's process group after this long",
        default: 300, range: 0.1...86_400, takes: "a number of seconds from 0.1 to 86400")
    package static let mode = Option<ExecutionMode>(
        "--mode", value: "process|swift-test|in-process",
        help: "process: the test binary per run; swift-test: `swift test` per run; in-process: Swift Testing "
            + "--repetitions in one process (shared state)",
        default: .process, shownDefault: ExecutionMode.process.rawValue, takes: "process, swift-test or in-process"
    ) {
        ExecutionMode(rawValue: $0).flatMap { $0 == .xcode ? nil : $0 }
    }
    package static let sanitize = Option<Sanitizer>(
        "--sanitize", value: "thread",
        help: "Build the tests with ThreadSanitizer (a build folder of their own) and report each data race it "
            + "finds, with its stacks and the tests on them; a race fails the gate, not the tests",
        takes: "thread"
    ) {
        Sanitizer(rawValue: $0)
    }
    package static let specs = [runs.spec, workers.spec, timeout.spec, mode.spec, sanitize.spec]

    /// As given; nil when left to the default (100, or what `--until-proven` and `--rerun-failures` decide).
    package var runs: Int?
    /// As given; nil for one per CPU (or one under `--xcode`).
    package var workers: Int?
    package var timeout: Double
    package var mode: ExecutionMode
    package var sanitizer: Sanitizer?

    package init(_ parsed: ParsedArguments) throws {
        runs = parsed.gave(Self.runs) ? try parsed.value(Self.runs) : nil
        workers = try parsed.value(Self.workers)
        timeout = try parsed.value(Self.timeout)!
        mode = try parsed.value(Self.mode)!
        sanitizer = try parsed.value(Self.sanitize)
    }

    /// `--mode in-process` runs fixed batches in one process.
    package func validate(_ schedule: ScheduleOptions) throws {
        if mode == .inProcess, schedule.adaptive || schedule.shard != nil {
            throw FlakeCheckError.usage(
                "--mode in-process runs fixed batches; it does not combine with --until-proven or --shard.")
        }
    }
}
