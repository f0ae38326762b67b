extension FlakeReport {
    /// The report with every sentence Reporting owns filled in from the numbers: each test's proof, its
    /// "fails only with" note (from its rates per `--perturb` condition) and each strategy's statement.
    /// Every command calls it once its report is assembled.
    /// Consuming, and each test changed where it lies: a copy of the report, or of each test, copied
    /// thousands of summaries to change three fields.
    public consuming func worded() -> FlakeReport {
        var report = self
        // Thousands of tests share a few proofs (30 of 30 passed): each sentence is worded once.
        var sentences: [ProofSentenceKey: String] = [:]
        for index in report.tests.indices {
            report.tests[index].failsOnlyUnder = report.tests[index].conditionRates.flatMap(ConditionRates.finding)?.sentence
            report.tests[index].hintFinding = HintContradiction(report.tests[index])?.sentence
            guard var proof = report.tests[index].proof else { continue }
            let key = ProofSentenceKey(proof: proof, passed: report.tests[index].passed, counted: report.tests[index].countedRuns,
                                       confidence: report.tests[index].passRateInterval.confidence)
            if let known = sentences[key] {
                proof.sentence = known
            } else {
                proof.sentence = ConfidenceStatement.sentence(for: proof, passed: key.passed, counted: key.counted,
                                                              confidence: key.confidence)
                sentences[key] = proof.sentence
            }
            report.tests[index].proof = proof
        }
        report.strategies = report.strategies?.map { $0.worded(confidence: report.configuration.confidence) }
        return report
    }
}

/// Everything a proof's sentence is worded from.
private struct ProofSentenceKey: Hashable {
    var upperBound: Double?
    var lower: Double?
    var upper: Double?
    var target: Double
    var passed: Int
    var counted: Int
    var confidence: Double

    init(proof: ConfidenceStatement, passed: Int, counted: Int, confidence: Double) {
        upperBound = proof.failureRateUpperBound
        lower = proof.failureRateInterval?.lower
        upper = proof.failureRateInterval?.upper
        target = proof.targetFailureRate
        self.passed = passed
        self.counted = counted
        self.confidence = confidence
    }
}

extension ConditionRates.Finding {
    /// "fails only with cpus 1 (6 of 6 failures, in 6 of 12 runs; 3.1% by chance)"
    var sentence: String {
        "fails only with \(condition) (\(failures) of \(Formatting.count(failures, "failure")), in \(runsWithCondition) of "
            + "\(Formatting.count(runs, "run")); \(chance < 0.001 ? "under 0.1%" : Formatting.percent(chance)) by chance)"
    }
}

extension HintContradiction {
    /// "continuation-gated, yet flaky: the check at CartTests.swift:37 runs before the gate at
    /// CartTests.swift:41 is awaited (failed 7 of 100 runs)". Only what was read and measured.
    var sentence: String {
        let measured = verdict == .failing ? (countedRuns == 1 ? "failed its one run" : "failed all \(countedRuns) runs")
            : "failed \(failedRuns) of \(Formatting.count(countedRuns, "run"))"
        let label = "\(hint.rawValue), yet \(verdict.rawValue)"
        if failureBeforeGate, let failure = firstFailure, let gate {
            return "\(label): the check at \(failure) runs before the gate at \(gate.location) is awaited (\(measured))"
        }
        let found = gate.map { "\(gateName) is reached at \($0.location)" } ?? "\(gateName) is reached only inside code the test calls"
        let failure = firstFailure.map { ", first at \($0)" } ?? ""
        return "\(label): \(found), but the test \(measured)\(failure); what fails is not behind that gate"
    }

    private var gateName: String {
        switch hint {
        case .clockGated: "a clock's advance"
        case .taskLocalScoped: "a task-local scope"
        default: gate?.kind == .signalWait ? "a wait for other work (task group, expectation, async let or task value)" : "a continuation"
        }
    }
}
