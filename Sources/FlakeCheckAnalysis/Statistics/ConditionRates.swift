import FlakeCheckModel
import Foundation

/// Pass rates per perturbation condition (`--perturb`): for each label a run can carry (`slow tasks`,
/// `cpus 1`, `swift-testing serial`, ...), how the test did in the runs that had it. A test whose every
/// failure came under one condition that not every run had, more often than chance would put them
/// there, says where its race lives.
package enum ConditionRates {
    package typealias Rate = ConditionRate

    /// The most that chance alone may explain before "fails only with" is said. Every condition that
    /// splits the runs is a chance to find one by luck, so the chance is multiplied by their number
    /// (Bonferroni): with 10 such conditions, 4 failures all in the 36% of runs that had slow tasks
    /// (1.7% each, 17% for some condition) are no evidence; 10 failures in them are.
    static let chanceLimit = 0.05

    /// The conditions each strategy's runs had, by run index (the key of a run without strategy is ""):
    /// what each test's rates are worked out from (`TestFacts.conditions`).
    package static func conditionsByStrategy(_ runs: [RunRecord]) -> [String: [Int: PerturbationConditions]] {
        var conditions: [String: [Int: PerturbationConditions]] = [:]
        for run in runs {
            if let perturbation = run.perturbation {
                conditions[run.strategy ?? "", default: [:]][run.index] = perturbation
            }
        }
        return conditions
    }

    /// `framework` leaves out what cannot touch the test: Swift Testing's parallelism for an XCTest test.
    /// `id` adds, in runs whose pair apart held the test, the test it was paired with.
    package static func rates(
        history: String, conditions: [Int: PerturbationConditions],
        framework: TestFramework = .swiftTesting, id: String? = nil
    ) -> [Rate] {
        var byLabel: [String: Rate] = [:]
        for (index, symbol) in history.enumerated() {
            guard let outcome = TestOutcome(symbol: symbol), outcome.isCounted, let run = conditions[index] else {
                continue
            }
            for label in labels(of: run, test: id)
            where framework == .swiftTesting || !label.hasPrefix("swift-testing ") {
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
    /// in 96), named only when it beats the baseline beyond chance: plain runs where the session had at
    /// least `plainBaselineRuns` (`--hunt`), else the runs without the condition. The chance is that of the
    /// condition's share of the
    /// failures (or more) if failures fell on runs regardless of it (binomial, given the failures of both),
    /// times the number of conditions that could have been named (Bonferroni), below `chanceLimit`; so
    /// "2 of 6" against "1 of 40" names nothing. With it, the first failing run that had the condition (the
    /// run whose replay repeats it). Nil for a test that never failed. `id` as in `rates`.
    package static func reproduction(
        history: String, rates: [Rate], conditions: [Int: PerturbationConditions],
        id: String? = nil
    ) -> Reproduction? {
        let failingRuns = history.enumerated().filter { index, symbol in
            conditions[index] != nil && TestOutcome(symbol: symbol).map { $0.isCounted && $0 != .passed } == true
        }.map(\.offset)
        guard let first = failingRuns.first else { return nil }
        let (runs, failures) = totals(rates)
        let plain = rates.first { $0.condition == ConditionArm.plain.label && $0.counted >= plainBaselineRuns }
        var found = Reproduction(firstFailingRun: first + 1)
        if let plain {
            found.baselineFailures = plain.counted - plain.passed
            found.baselineRuns = plain.counted
            found.baselineIsPlain = true
        }
        let candidates = rates.filter { $0.counted < runs && $0.condition != plain?.condition }
        let best = candidates.filter { $0.counted > $0.passed }.max { left, right in
            let leftLower = ProportionInterval.wilson(successes: left.counted - left.passed, trials: left.counted).lower
            let rightLower = ProportionInterval.wilson(successes: right.counted - right.passed, trials: right.counted)
                .lower
            return (leftLower, right.condition) < (rightLower, left.condition)
        }
        guard let best else { return found }
        let bestFailures = best.counted - best.passed
        let baseline =
            plain.map { ($0.counted - $0.passed, $0.counted) } ?? (failures - bestFailures, runs - best.counted)
        let share = Double(best.counted) / Double(best.counted + baseline.1)
        let tail = binomialTail(atLeast: bestFailures, of: bestFailures + baseline.0, share: share)
        let chance = min(1, tail * Double(candidates.count))
        let bestRate = Double(bestFailures) / Double(best.counted)
        let baselineRate = Double(baseline.0) / Double(max(1, baseline.1))
        if plain == nil {
            found.baselineFailures = baseline.0
            found.baselineRuns = baseline.1
            found.baselineIsPlain = false
        }
        guard chance < chanceLimit, bestRate > baselineRate else {
            return plain == nil ? Reproduction(firstFailingRun: first + 1) : found
        }
        let under = failingRuns.first { index in
            conditions[index].map { labels(of: $0, test: id).contains(best.condition) } == true
        }
        found.condition = best.condition
        found.conditionFailures = bestFailures
        found.conditionRuns = best.counted
        found.conditionRun = under.flatMap { $0 == first ? nil : $0 + 1 }
        found.chance = chance
        return found
    }

    /// Fewer plain runs than this say too little to measure a condition against (a learner that found the
    /// race elsewhere may leave plain a handful): the runs without the condition are the baseline then.
    static let plainBaselineRuns = 10

    /// P(X ≥ k) for X ~ Binomial(n, p), summed in logarithms so thousands of trials stay finite.
    static func binomialTail(atLeast k: Int, of n: Int, share p: Double) -> Double {
        guard k > 0 else { return 1 }
        guard k <= n, p > 0 else { return 0 }
        guard p < 1 else { return 1 }
        var total = 0.0
        for x in k...n {
            let ways: Double = lgamma(Double(n + 1)) - lgamma(Double(x + 1)) - lgamma(Double(n - x + 1))
            let odds: Double = Double(x) * log(p) + Double(n - x) * log(1 - p)
            total += exp(ways + odds)
        }
        return min(1, total)
    }

    /// A run's labels, for `id` when given (with its partner in a pair apart).
    private static func labels(of run: PerturbationConditions, test id: String?) -> [String] {
        id.map(run.labels(forTest:)) ?? run.labels
    }

    /// The counted runs and failures behind a test's rates. Every run has exactly one `cpus N` label, so
    /// those labels together count each run once.
    package static func totals(_ rates: [Rate]) -> (runs: Int, failures: Int) {
        rates.filter { $0.condition.hasPrefix("cpus ") }.reduce((0, 0)) {
            ($0.0 + $1.counted, $0.1 + $1.counted - $1.passed)
        }
    }

    /// Every failure under one condition, beyond chance.
    package struct Finding: Equatable, Sendable {
        package var condition: String
        package var failures: Int
        /// Runs counted with the condition, and in all.
        package var runsWithCondition: Int
        package var runs: Int
        /// How likely failures unrelated to any condition would all land in one condition's runs.
        package var chance: Double

        package init(condition: String, failures: Int, runsWithCondition: Int, runs: Int, chance: Double) {
            self.condition = condition
            self.failures = failures
            self.runsWithCondition = runsWithCondition
            self.runs = runs
            self.chance = chance
        }
    }

    /// The narrowest condition that every failure had, when some runs did not have it and the chance
    /// that failures unrelated to any condition would all land in the runs of one of them,
    /// (runs with it / runs)^failures times the number of conditions that split the runs, is below
    /// `chanceLimit`; nil otherwise.
    package static func finding(_ rates: [Rate]) -> Finding? {
        let (counted, failures) = totals(rates)
        guard failures > 0 else { return nil }
        guard
            let narrowest =
                rates
                .filter({ $0.counted - $0.passed == failures && $0.counted < counted })
                .min(by: { ($0.counted, $0.condition) < ($1.counted, $1.condition) })
        else { return nil }
        let splitting = rates.filter { $0.counted < counted }.count
        let chance = min(1, pow(Double(narrowest.counted) / Double(counted), Double(failures)) * Double(splitting))
        guard chance < chanceLimit else { return nil }
        return Finding(
            condition: narrowest.condition, failures: failures, runsWithCondition: narrowest.counted,
            runs: counted, chance: chance)
    }
}
