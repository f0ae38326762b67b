/// Pass rates per perturbation condition (`--perturb`): for each label a run can carry (`delays on`,
/// `cpus 1`, `swift-testing serial`, ...), how the test did in the runs that had it. A test whose every
/// failure came under one condition that not every run had says where its race lives.
public enum ConditionRates {
    public typealias Rate = ConditionRate


    /// Adds each test's rates and "fails only with" note, from the conditions its strategy's runs had.
    public static func annotate(_ tests: inout [TestSummary], runs: [RunRecord]) {
        var conditions: [String: [Int: PerturbationConditions]] = [:]
        for run in runs {
            if let perturbation = run.perturbation { conditions[run.strategy ?? "", default: [:]][run.index] = perturbation }
        }
        for index in tests.indices {
            let rates = rates(history: tests[index].history, conditions: conditions[tests[index].strategy ?? ""] ?? [:])
            tests[index].conditionRates = rates
            tests[index].failsOnlyUnder = onlyUnder(rates)
        }
    }

    public static func rates(history: String, conditions: [Int: PerturbationConditions]) -> [Rate] {
        var byLabel: [String: Rate] = [:]
        for (index, symbol) in history.enumerated() {
            guard let outcome = TestOutcome(symbol: symbol), outcome.isCounted, let run = conditions[index] else { continue }
            for label in run.labels {
                var rate = byLabel[label] ?? Rate(condition: label, passed: 0, counted: 0)
                rate.counted += 1
                if outcome == .passed { rate.passed += 1 }
                byLabel[label] = rate
            }
        }
        return byLabel.values.sorted { $0.condition < $1.condition }
    }

    /// "fails only with cpus 1 (3 of 3 failures, in 12 of 40 runs)": the narrowest condition that every
    /// failure had, when some runs did not have it; nil when failures spread over all conditions.
    public static func onlyUnder(_ rates: [Rate]) -> String? {
        // Every run has exactly one `cpus N` label, so those labels together count each run once.
        let counted = rates.filter { $0.condition.hasPrefix("cpus ") }.reduce(0) { $0 + $1.counted }
        let failures = rates.filter { $0.condition.hasPrefix("cpus ") }.reduce(0) { $0 + $1.counted - $1.passed }
        guard failures > 0 else { return nil }
        let narrowest = rates
            .filter { $0.counted - $0.passed == failures && $0.counted < counted }
            .min { ($0.counted, $0.condition) < ($1.counted, $1.condition) }
        return narrowest.map {
            "fails only with \($0.condition) (\(failures) of \(Formatting.count(failures, "failure")), in \($0.counted) of \(Formatting.count(counted, "run")))"
        }
    }
}
