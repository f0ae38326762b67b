/// Why the gate failed, one line per reason, as the terminal, the HTML page and the annotations say it.
extension GateFailure {
    var sentence: String {
        switch self {
        case .baselineExpired(let test, let strategy):
            "\(Self.name(test, strategy)): baseline entry expired"
        case .neverRan(let test, let strategy):
            "\(Self.name(test, strategy)): never ran to an outcome"
        case .neverPassed(let test, let strategy, let runs):
            "\(Self.name(test, strategy)): never passed in \(runs) runs (the first and every rerun)"
        case .belowMinPassRate(let test, let strategy, let passRate, let minPassRate):
            "\(Self.name(test, strategy)) \(Formatting.percent(passRate)) < \(Formatting.percent(minPassRate)) (min-pass-rate)"
        case .unresolvedIncident(let run, let strategy, let incident):
            "run \(run + 1)\(strategy.map { " of \($0)" } ?? ""): \(incident.kind.label): \(incident.message)"
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
    var reasons: [String] { failures.map(\.sentence) }
}
