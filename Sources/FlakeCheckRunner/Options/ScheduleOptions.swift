import FlakeCheckModel

/// Which runs happen beyond `--runs` (`--shard`, `--until-proven` with `--max-runs`, `--budget`,
/// `--rerun-failures` with `--fail-on-flaky`, `--fail-on-new-flaky`), and the `--evidence` pass after
/// them: what the user asked.
package struct ScheduleOptions: Sendable, Equatable {
    /// As given; `RunPlan.shard` is the shard it names (`auto` read from the CI's variables).
    package var shard: Shard.Request?
    /// Stop running each test once it is flaky or proven below the target failure rate.
    package var untilProven = false
    /// As given; nil for `defaultMaxRuns` (or no cap but the time under `--budget`).
    package var maxRuns: Int?
    /// Run the selection once, then rerun each failed test alone up to this many times.
    package var rerunFailures: Int?
    /// With `rerunFailures`: tests that passed only on a rerun fail the gate too.
    package var failOnFlaky = false
    /// Record what each flaky or failing test (or each one a hint questions) does at run time.
    package var evidence = false
    /// The evidence pass for every selected test, not only the suspects.
    package var evidenceAll = false
    /// Seconds from the first run after which no run starts.
    package var budget: Double?
    /// `--recheck`: what the solo check after the runs may spend.
    package var recheck = RecheckLimit.auto
    /// With `--changed-since`: a chosen test that failed even once fails the gate.
    package var failOnNewFlaky = false

    /// The most runs `--until-proven` gives a test when `--max-runs` is not given.
    package static let defaultMaxRuns = 1000

    package init() {}

    /// `--until-proven`, or the budget that implies it: each test stops on its own.
    package var adaptive: Bool { untilProven || budget != nil }

    /// The most runs an adaptive schedule may give a test (a budget's runs are capped by its time).
    package var runCap: Int { maxRuns ?? (budget != nil ? 1_000_000 : Self.defaultMaxRuns) }

    /// Whether the evidence pass runs after the runs.
    package var recordsEvidence: Bool { evidence || evidenceAll }
}
