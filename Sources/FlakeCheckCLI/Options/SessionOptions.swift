import FlakeCheckRunner
import FlakeCheckSupport

/// The options of the commands that run tests (`run`, `compare`, `demo`): their groups and the rules across
/// groups (`validate`), values only. What they name on this machine (files to read, libraries to build)
/// is `SessionPlanner`'s.
package struct SessionOptions {
    package var selection: SelectionOptions
    package var build: BuildOptions
    package var run: RunOptions
    package var xcode: XcodeOptions
    package var conditions: ConditionOptions
    package var schedule: ScheduleOptions
    package var replay: ReplayOptions
    package var report: ReportOptions
    package var display: DisplayOptions

    /// Every option of `run`, grouped as `--help` lists them.
    package static let specs: [OptionSpec] =
        SelectionOptions.specs + XcodeOptions.specs + runSpecs + ReportOptions.specs
        + ConditionOptions.specs + ReplayOptions.specs + ScheduleOptions.specs + DisplayOptions.gateSpecs
    /// How many runs of which build: the run group's options, then the build group's.
    private static let runSpecs = RunOptions.specs + BuildOptions.specs
    /// `compare` and `demo`: `run`'s options but selection (their strategies select), Xcode and replay
    /// (refused with a message of their own), with `--show-tests`.
    static func comparingSpecs(packagePath: OptionSpec) -> [OptionSpec] {
        [packagePath, SelectionOptions.skipOption.spec] + runSpecs + ReportOptions.specs + ConditionOptions.specs
            + ReplayOptions.hiddenSpecs + ScheduleOptions.specs + [DisplayOptions.showTests.spec]
            + DisplayOptions.gateSpecs
    }

    package init(_ parsed: ParsedArguments) throws {
        selection = try SelectionOptions(parsed)
        build = try BuildOptions(parsed)
        run = try RunOptions(parsed)
        xcode = try XcodeOptions(parsed)
        conditions = try ConditionOptions(parsed)
        schedule = try ScheduleOptions(parsed)
        replay = try ReplayOptions(parsed)
        report = try ReportOptions(parsed)
        display = try DisplayOptions(parsed)
    }

    /// Each group's rules, then the rules between groups.
    package func validate() throws {
        try selection.validate()
        try xcode.validate()
        try conditions.validate()
        try replay.validate()
        try run.validate(schedule)
        try schedule.validate(runs: run.runs, inProcess: run.mode == .inProcess)
        if build.archive != nil, xcode.isOn || run.mode == .swiftTest || build.binPath != nil {
            throw FlakeCheckError.usage(
                "--archive runs the archived test binary itself; it does not combine with "
                    + "--xcode, --mode swift-test or --bin-path.")
        }
        if run.sanitizer != nil {
            // ThreadSanitizer intercepts the calls the hook and --evidence libraries interpose, and SwiftPM
            // would have to pass the flag on in the other cases: each is a run of its own.
            let others =
                conditions.needingHookLibrary
                + (schedule.recordsEvidence ? [ScheduleOptions.evidenceOption.spec.name] : [])
                + (xcode.isOn ? [XcodeOptions.xcode.spec.name] : [])
                + [(build.archive, BuildOptions.archiveOption), (build.binPath, BuildOptions.binPathOption)].filter {
                    $0.0 != nil
                }
                .map(\.1.spec.name)
                + (run.mode == .swiftTest ? ["--mode swift-test"] : [])
            guard others.isEmpty else {
                throw FlakeCheckError.usage(
                    "--sanitize thread does not combine with \(others.joined(separator: ", ")): "
                        + "run them separately.")
            }
        }
        if xcode.isOn, run.mode != .process || conditions.varies || replay.report != nil {
            throw FlakeCheckError.usage("--xcode runs xcodebuild; --mode, --perturb and --replay do not apply.")
        }
        if schedule.failOnNewFlaky, selection.changedSince == nil {
            throw FlakeCheckError.usage(
                "--fail-on-new-flaky gates the tests --changed-since REF chooses; give it a REF.")
        }
        if selection.changedSince != nil, replay.report != nil || xcode.isOn || build.archive != nil {
            throw FlakeCheckError.usage(
                "--changed-since reads the package's sources and git; it does not combine with "
                    + "--replay, --xcode or --archive.")
        }
        if replay.report != nil, !selection.filters.isEmpty || !selection.skips.isEmpty || conditions.varies {
            throw FlakeCheckError.usage(
                "--replay chooses the tests and conditions itself; drop --filter, --skip, "
                    + "--perturb and --explore-schedules.")
        }
    }

    /// How the session's report is shown.
    var presentation: ReportPresentation {
        var presentation = ReportPresentation()
        presentation.formats = report.formats
        presentation.noColor = display.noColor
        presentation.showTests = display.showTests
        presentation.appendStepSummary = display.appendStepSummary
        return presentation
    }
}
