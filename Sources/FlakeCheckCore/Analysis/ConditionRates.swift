import Foundation

/// Pass rates per perturbation condition (`--perturb`): for each label a run can carry (`slow tasks`,
/// `cpus 1`, `swift-testing serial`, ...), how the test did in the runs that had it. A test whose every
/// failure came under one condition that not every run had, more often than chance would put them
/// there, says where its race lives.
public enum ConditionRates {
    public typealias Rate = ConditionRate

    /// The most that chance alone may explain before "fails only with" is said. Every condition that
    /// splits the runs is a chance to find one by luck, so the chance is multiplied by their number
    /// (Bonferroni): with 10 such conditions, 4 failures all in the 36% of runs that had slow tasks
    /// (1.7% each, 17% for some condition) are no evidence; 10 failures in them are.
    static let chanceLimit = 0.05

    /// The conditions each strategy's runs had, by run index (the key of a run without strategy is ""):
    /// what each test's rates are worked out from (`TestFacts.conditions`).
    public static func conditionsByStrategy(_ runs: [RunRecord]) -> [String: [Int: PerturbationConditions]] {
        var conditions: [String: [Int: PerturbationConditions]] = [:]
        for run in runs {
            if let perturbation = run.perturbation { conditions[run.strategy ?? "", default: [:]][run.index] = perturbation }
        }
        return conditions
    }

    /// `framework` leaves out what cannot touch the test: Swift Testing's parallelism for an XCTest test.
    /// `id` adds, in runs whose pair apart held the test, the test it was paired with.
    public static func rates(history: String, conditions: [Int: PerturbationConditions],
                             framework: TestFramework = .swiftTesting, id: String? = nil) -> [Rate] {
        var byLabel: [String: Rate] = [:]
        for (index, symbol) in history.enumerated() {
            guard let outcome = TestOutcome(symbol: symbol), outcome.isCounted, let run = conditions[index] else { continue }
            for label in labels(of: run, test: id) where framework == .swiftTesting || !label.hasPrefix("swift-testing ") {
                var rate = byLabel[label] ?? Rate(condition: label, passed: 0, counted: 0)
                rate.counted += 1
                if outcome == .passed { rate.passed += 1 }
                byLabel[label] = rate
            }
        }
        return byLabel.values.sorted { $0.condition < $1.condition }
    }

    /// The first perturbed run the test failed in, and the condition it failed under most often, ranked
    /// by the lower end of the failure rate's Wilson interval (so 1 failure in 1 run does not outrank 11
    /// in 96), when that condition's rate is above the test's own, with the first failing run that had it
    /// (the run whose replay repeats that condition). Nil for a test that never failed. `id` as in `rates`.
    static func reproduction(history: String, rates: [Rate], conditions: [Int: PerturbationConditions],
                             id: String? = nil) -> Reproduction? {
        let failingRuns = history.enumerated().filter { index, symbol in
            conditions[index] != nil && TestOutcome(symbol: symbol).map { $0.isCounted && $0 != .passed } == true
        }.map(\.offset)
        guard let first = failingRuns.first else { return nil }
        let (runs, failures) = totals(rates)
        let overall = runs == 0 ? 0 : Double(failures) / Double(runs)
        let best = rates.filter { $0.counted > $0.passed }.max { left, right in
            let leftLower = ProportionInterval.wilson(successes: left.counted - left.passed, trials: left.counted).lower
            let rightLower = ProportionInterval.wilson(successes: right.counted - right.passed, trials: right.counted).lower
            return (leftLower, right.condition) < (rightLower, left.condition)
        }
        guard let best, Double(best.counted - best.passed) / Double(best.counted) > overall else {
            return Reproduction(firstFailingRun: first + 1)
        }
        let under = failingRuns.first { index in
            conditions[index].map { labels(of: $0, test: id).contains(best.condition) } == true
        }
        return Reproduction(firstFailingRun: first + 1, condition: best.condition,
                            conditionFailures: best.counted - best.passed, conditionRuns: best.counted,
                            conditionRun: under.flatMap { $0 == first ? nil : $0 + 1 })
    }

    /// A run's labels, for `id` when given (with its partner in a pair apart).
    private static func labels(of run: PerturbationConditions, test id: String?) -> [String] {
        id.map(run.labels(forTest:)) ?? run.labels
    }

    /// The counted runs and failures behind a test's rates. Every run has exactly one `cpus N` label, so
    /// those labels together count each run once.
    public static func totals(_ rates: [Rate]) -> (runs: Int, failures: Int) {
        rates.filter { $0.condition.hasPrefix("cpus ") }.reduce((0, 0)) { ($0.0 + $1.counted, $0.1 + $1.counted - $1.passed) }
    }

    /// Every failure under one condition, beyond chance.
    public struct Finding: Equatable, Sendable {
        public var condition: String
        public var failures: Int
        /// Runs counted with the condition, and in all.
        public var runsWithCondition: Int
        public var runs: Int
        /// How likely failures unrelated to any condition would all land in one condition's runs.
        public var chance: Double
    }

    /// The narrowest condition that every failure had, when some runs did not have it and the chance
    /// that failures unrelated to any condition would all land in the runs of one of them,
    /// (runs with it / runs)^failures times the number of conditions that split the runs, is below
    /// `chanceLimit`; nil otherwise.
    public static func finding(_ rates: [Rate]) -> Finding? {
        let (counted, failures) = totals(rates)
        guard failures > 0 else { return nil }
        guard let narrowest = rates
            .filter({ $0.counted - $0.passed == failures && $0.counted < counted })
            .min(by: { ($0.counted, $0.condition) < ($1.counted, $1.condition) }) else { return nil }
        let splitting = rates.filter { $0.counted < counted }.count
        let chance = min(1, pow(Double(narrowest.counted) / Double(counted), Double(failures)) * Double(splitting))
        guard chance < chanceLimit else { return nil }
        return Finding(condition: narrowest.condition, failures: failures, runsWithCondition: narrowest.counted,
                       runs: counted, chance: chance)
    }
}
