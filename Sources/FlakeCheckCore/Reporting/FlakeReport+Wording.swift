extension FlakeReport {
    /// The report with every sentence Reporting owns filled in from the numbers: each test's proof and
    /// each strategy's statement. Every command calls it once its report is assembled.
    public func worded() -> FlakeReport {
        var report = self
        for index in report.tests.indices {
            let test = report.tests[index]
            guard var proof = test.proof else { continue }
            proof.sentence = ConfidenceStatement.sentence(for: proof, passed: test.passed, counted: test.countedRuns,
                                                          confidence: test.passRateInterval.confidence)
            report.tests[index].proof = proof
        }
        report.strategies = report.strategies?.map { $0.worded(confidence: report.configuration.confidence) }
        return report
    }
}
