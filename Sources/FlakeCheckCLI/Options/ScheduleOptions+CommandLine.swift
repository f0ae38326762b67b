import FlakeCheckModel
import FlakeCheckRunner
import FlakeCheckSupport

/// `--shard`, `--until-proven`, `--max-runs`, `--budget`, `--rerun-failures`, `--fail-on-flaky`,
/// `--fail-on-new-flaky`, `--evidence`, `--evidence-all`: how the schedule's options are spelled, each
/// bound to the field of `ScheduleOptions` that holds it.
extension ScheduleOptions: OptionGroup {
    static let shardOption = OptionField<Self>(
        Option<Shard.Request>(
            "--shard", value: "I/N|auto",
            help: "Run only shard I of N of the runs (combine the reports with flakecheck merge); auto: from the "
                + "CI's parallel-job variables (Buildkite, CircleCI, GitLab)",
            takes: "I/N with 1 <= I <= N, e.g. 3/10, or auto"
        ) { $0 == "auto" ? .auto : Shard(text: $0).map(Shard.Request.fixed) },
        \.shard)
    static let untilProvenOption = OptionField<Self>(
        Flag(
            "--until-proven", help: "Stop running each test once it is flaky or proven below --target-failure-rate"),
        \.untilProven)
    static let maxRunsOption = OptionField<Self>(
        Option<Int>.integer("--max-runs", help: "With --until-proven: the most runs per test", range: 1...1_000_000),
        \.maxRuns, shownDefault: "\(defaultMaxRuns)")
    static let rerunFailuresOption = OptionField<Self>(
        Option<Int>.integer(
            "--rerun-failures", value: "K",
            help: "Run the selection once, then rerun each failed test alone up to K times: "
                + "flaky if a rerun passes, failing if none does; the gate fails on failing tests only",
            range: 1...100),
        \.rerunFailures)
    static let failOnFlakyOption = OptionField<Self>(
        Flag("--fail-on-flaky", help: "With --rerun-failures: tests that passed only on a rerun fail the gate too"),
        \.failOnFlaky)
    static let evidenceOption = OptionField<Self>(
        Flag(
            "--evidence",
            help: "After the runs, run each flaky or failing test, and each whose hint names a yield, sleep or "
                + "Task {} or is unknown, alone \(EvidencePass.defaultRuns) more times with a runtime recorder: its "
                + "yields, sleeps, tasks, main-actor jobs and what its own task waited on go with its hint, which "
                + "what the failed runs agree on replaces (Linux; always on in demo)"),
        \.evidence)
    static let evidenceAllOption = OptionField<Self>(
        Flag("--evidence-all", help: "--evidence for every selected test, stable ones too"), \.evidenceAll)
    static let budgetOption = OptionField<Self>(
        Option<Double>(
            "--budget", value: "TIME",
            help: "Run until each test is proven below --target-failure-rate, has failed, or "
                + "the time is spent (e.g. 90s, 5m, 1h); each test's line says what its runs prove",
            takes: "a time with its unit, such as 90s, 5m or 1h"
        ) { ScheduleOptions.seconds($0) },
        \.budget)
    static let recheckOption = OptionField<Self>(
        Option<RecheckLimit>(
            "--recheck", value: "auto|off|N",
            help: "With several workers, run each test whose failures all overlapped another worker's run again "
                + "with one worker, then with the CPUs busy: auto spends at most half the time the runs took "
                + "(3 s more for short runs, within --budget), N at most N runs each way, off none",
            takes: "auto, off, or a number of runs from 1 to 1000"
        ) { RecheckLimit($0) },
        \.recheck)
    static let failOnNewFlakyOption = OptionField<Self>(
        Flag(
            "--fail-on-new-flaky",
            help: "With --changed-since: a new or changed test that failed even once fails the gate "
                + "(tests the --baseline lists are reported, not gated)"),
        \.failOnNewFlaky)
    package static let fields = [
        shardOption, untilProvenOption, maxRunsOption, budgetOption, recheckOption, rerunFailuresOption,
        failOnFlakyOption, failOnNewFlakyOption, evidenceOption, evidenceAllOption,
    ]

    /// `90s`, `5m`, `1h`, `1h30m`; nil for anything else or no time at all. A number alone is refused: a
    /// pull request's `--budget 5` meant five minutes as often as five seconds.
    package static func seconds(_ text: String) -> Double? {
        var total = 0.0
        var number = ""
        for character in text {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            guard let value = Double(number) else { return nil }
            switch character {
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            default: return nil
            }
            number = ""
        }
        return number.isEmpty && total > 0 ? total : nil
    }

    /// `--until-proven` and `--rerun-failures` each decide how many runs a test gets, so `--runs` (as
    /// given, nil when not) is theirs to refuse; neither combines with in-process batches.
    package func validate(runs: Int?, inProcess: Bool) throws {
        if adaptive {
            let name = budget != nil ? "--budget" : "--until-proven"
            guard runs == nil else {
                throw FlakeCheckError.usage("\(name) decides the number of runs; cap it with --max-runs, not --runs.")
            }
            guard shard == nil else {
                throw FlakeCheckError.usage("\(name) cannot be sharded: each shard would decide alone.")
            }
            guard rerunFailures == nil, !inProcess else {
                throw FlakeCheckError.usage("\(name) does not combine with --rerun-failures or --mode in-process.")
            }
        } else if maxRuns != nil {
            throw FlakeCheckError.usage("--max-runs goes with --until-proven or --budget.")
        }
        guard rerunFailures != nil else {
            if failOnFlaky { throw FlakeCheckError.usage("--fail-on-flaky goes with --rerun-failures K.") }
            return
        }
        if let runs, runs != 1 {
            throw FlakeCheckError.usage(
                "--rerun-failures runs the selection once and reruns what failed; drop --runs "
                    + "(or use --runs N without it to run everything N times).")
        }
        guard !untilProven, shard == nil, !inProcess else {
            throw FlakeCheckError.usage(
                "--rerun-failures does not combine with --until-proven, --shard or --mode in-process.")
        }
    }
}
