import FlakeCheckModel
import FlakeCheckRunner
import FlakeCheckSupport

/// `--runs`, `--workers`, `--timeout`, `--mode`, `--sanitize`: how the run group's options are spelled,
/// each bound to the field of `RunOptions` that holds it.
extension RunOptions: OptionGroup {
    static let runsOption = OptionField<Self>(
        Option<Int>.integer("--runs", help: "How many times to run each test", range: 1...1_000_000), \.runs,
        shownDefault: "\(defaultRuns)")
    static let workersOption = OptionField<Self>(
        Option<Int>.integer("--workers", help: "Runs in parallel", range: 1...256), \.workers,
        shownDefault: "number of CPUs")
    static let timeoutOption = OptionField<Self>(
        Option<Double>.number(
            "--timeout", value: "SECONDS",
            help: "Each test's limit from its own start: a test still running after it is timed out and its "
                + "process group killed; a process gets one limit per test and one more, and the tests it "
                + "leaves unfinished then run again (under --mode swift-test, which shows no test until its "
                + "process ends, only that bound applies)", range: 0.1...86_400,
            takes: "a number of seconds from 0.1 to 86400"),
        \.timeout)
    static let modeOption = OptionField<Self>(
        Option<ExecutionMode>(
            "--mode", value: "process|swift-test|in-process",
            help: "process: the test binary per run; swift-test: `swift test` per run; in-process: Swift Testing "
                + "--repetitions in one process (shared state)",
            takes: "process, swift-test or in-process"
        ) { ExecutionMode(rawValue: $0).flatMap { $0 == .xcode ? nil : $0 } },
        \.mode)
    static let sanitizeOption = OptionField<Self>(
        Option<Sanitizer>(
            "--sanitize", value: "thread",
            help: "Build the tests with ThreadSanitizer (a build folder of their own) and report each data race it "
                + "finds, with its stacks and the tests on them; a race fails the gate, not the tests",
            takes: "thread"
        ) { Sanitizer(rawValue: $0) },
        \.sanitizer)
    package static let fields = [runsOption, workersOption, timeoutOption, modeOption, sanitizeOption]

    /// `--mode in-process` runs fixed batches in one process.
    package func validate(_ schedule: ScheduleOptions) throws {
        if mode == .inProcess, schedule.adaptive || schedule.shard != nil {
            throw FlakeCheckError.usage(
                "--mode in-process runs fixed batches; it does not combine with --until-proven or --shard.")
        }
    }
}
