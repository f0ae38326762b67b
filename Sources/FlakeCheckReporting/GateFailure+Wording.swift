import FlakeCheckModel
import FlakeCheckSupport

/// Why the gate failed, one line per reason, as the terminal, the HTML page and the annotations say it.
extension GateFailure {
    package var sentence: String { sentence(reportPath: "report.json") }

    /// `reportPath` is where the report is, for the replay command a failed changed test comes with.
    package func sentence(reportPath: String) -> String {
        switch self {
        case .changedTestFailed(let test, let strategy, let change, let failedRuns, let runs, let first):
            "\(Self.name(test, strategy)) (\(change.reason)) failed in \(failedRuns) of "
                + "\(Formatting.count(runs, "run")); "
                + "again: flakecheck run --replay \(reportPath) --run \(first)"
        case .baselineExpired(let test, let strategy):
            "\(Self.name(test, strategy)): baseline entry expired"
        case .neverRan(let test, let strategy):
            "\(Self.name(test, strategy)): never ran to an outcome"
        case .neverPassed(let test, let strategy, let runs):
            "\(Self.name(test, strategy)): never passed in \(runs) runs (the first and every rerun)"
        case .belowMinPassRate(let test, let strategy, let passRate, let minPassRate):
            "\(Self.name(test, strategy)) \(Formatting.percent(passRate)) < "
                + "\(Formatting.percent(minPassRate)) (min-pass-rate)"
        case .passedOnlyOnRerun(let test, let strategy, let runs):
            "\(Self.name(test, strategy)): flaky, passed only on a CI rerun after failing in "
                + "\(Formatting.count(runs, "run")) "
                + "(min-pass-rate 100%)"
        case .unresolvedIncident(let run, let strategy, let incident):
            "run \(run + 1)\(strategy.map { " of \($0)" } ?? ""): \(incident.kind.label): \(incident.message)"
        case .interrupted(let runs):
            "interrupted after \(Formatting.count(runs, "finished run")): the numbers cover only those"
        case .dataRace(let summary, let tests, let runs):
            "ThreadSanitizer: \(summary)\(tests.isEmpty ? "" : " (tests: \(tests.joined(separator: ", ")))"), "
                + "in \(Formatting.count(runs, "run"))"
        }
    }

    private static func name(_ test: String, _ strategy: String?) -> String {
        (strategy.map { "[\($0)] " } ?? "") + test
    }
}

extension FlakeReport.Gate {
    /// Every reason the gate failed, worded.
    package var reasons: [String] { failures.map(\.sentence) }

    package func reasons(reportPath: String) -> [String] { failures.map { $0.sentence(reportPath: reportPath) } }
}

extension FlakeReport {
    /// What a passed gate allowed, in one sentence for every format: the threshold, and the tests below it
    /// that it let through, so the line never claims more than the numbers show.
    var gatePassedSentence: String {
        let minimum = gate.minPassRate
        let below = { (test: TestSummary) in (test.passRate ?? 1) < minimum }
        let excused = tests.filter { $0.baseline?.state == .knownFlaky && below($0) }.count
        let rerun = configuration.rerunFailures != nil && configuration.failOnFlaky != true
        let passedOnRerun = rerun ? tests.filter { $0.baseline == nil && below($0) && $0.passed > 0 }.count : 0
        var sentence = "Gate passed: every test at or above \(Formatting.percent(minimum)) (min-pass-rate)"
        var exceptions: [String] = []
        if excused > 0 { exceptions.append("\(Formatting.count(excused, "known-flaky test")) the baseline excuses") }
        if passedOnRerun > 0 {
            exceptions.append(
                "\(Formatting.count(passedOnRerun, "flaky test")) that passed on a rerun "
                    + "(--rerun-failures gates only tests that never passed; --fail-on-flaky gates these too)")
        }
        if !exceptions.isEmpty { sentence += ", but for " + exceptions.joined(separator: " and ") }
        return sentence
    }
}
