import FlakeCheckModel

/// How fast one `--hunt` arm found failures in time: its failures per minute of the worker-slot seconds its
/// runs held (`ConditionRate.seconds`), what the learner pays for. The interval is the Wilson interval of
/// the arm's failure rate per run times its runs per minute: the runs are the trials, and their pace was
/// measured, not assumed.
package struct ArmPace: Equatable, Sendable {
    package var arm: String
    package var runs: Int
    package var failures: Int
    package var seconds: Double
    /// Failures per minute, and its 95% interval.
    package var perMinute: Double
    package var lower: Double
    package var upper: Double

    /// Nil for an arm without measured seconds (reports before 2026-11-28, rates from run records) or runs.
    package init?(_ rate: ConditionRate) {
        guard let seconds = rate.seconds, seconds > 0, rate.counted > 0 else { return nil }
        arm = rate.condition
        runs = rate.counted
        failures = rate.counted - rate.passed
        self.seconds = seconds
        let runsPerMinute = Double(runs) / seconds * 60
        let interval = ProportionInterval.wilson(successes: failures, trials: runs)
        perMinute = Double(failures) / Double(runs) * runsPerMinute
        lower = interval.lower * runsPerMinute
        upper = interval.upper * runsPerMinute
    }

    /// The arms of `rates` that have seconds, fastest first (by rate, then by name).
    package static func ranked(_ rates: [ConditionRate]) -> [ArmPace] {
        rates.compactMap(ArmPace.init).sorted { ($0.perMinute, $1.arm) > ($1.perMinute, $0.arm) }
    }
}
