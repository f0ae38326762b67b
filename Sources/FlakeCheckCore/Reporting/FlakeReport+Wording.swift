extension FlakeReport {
    /// The report with every sentence Reporting owns filled in from the numbers: each test's proof, its
    /// "fails only with" note (from its rates per `--perturb` condition) and each strategy's statement.
    /// Every command calls it once its report is assembled.
    public func worded() -> FlakeReport {
        var report = self
        for index in report.tests.indices {
            let test = report.tests[index]
            report.tests[index].failsOnlyUnder = test.conditionRates.flatMap(ConditionRates.finding)?.sentence
            guard var proof = test.proof else { continue }
            proof.sentence = ConfidenceStatement.sentence(for: proof, passed: test.passed, counted: test.countedRuns,
                                                          confidence: test.passRateInterval.confidence)
            report.tests[index].proof = proof
        }
        report.strategies = report.strategies?.map { $0.worded(confidence: report.configuration.confidence) }
        return report
    }
}

extension ConditionRates.Finding {
    /// "fails only with cpus 1 (6 of 6 failures, in 6 of 12 runs; 3.1% by chance)"
    var sentence: String {
        "fails only with \(condition) (\(failures) of \(Formatting.count(failures, "failure")), in \(runsWithCondition) of "
            + "\(Formatting.count(runs, "run")); \(chance < 0.001 ? "under 0.1%" : Formatting.percent(chance)) by chance)"
    }
}
