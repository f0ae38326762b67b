extension TestSummary {
    /// Written by hand so that `passRate`, `durations`, `displayName` and `hint` appear as `null` rather
    /// than vanish when they have no value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ReportKey.self)
        try container.encode(id, forKey: "id")
        try container.encode(framework, forKey: "framework")
        try container.encode(suite, forKey: "suite")
        try container.encode(name, forKey: "name")
        try container.encode(displayName, forKey: "displayName")
        try container.encode(sourceLocation, forKey: "sourceLocation")
        try container.encodeIfPresent(strategy, forKey: "strategy")
        try container.encode(runs, forKey: "runs")
        try container.encode(passed, forKey: "passed")
        try container.encode(failed, forKey: "failed")
        try container.encode(skipped, forKey: "skipped")
        try container.encode(crashed, forKey: "crashed")
        try container.encode(timedOut, forKey: "timedOut")
        try container.encode(notRun, forKey: "notRun")
        try container.encode(passRate, forKey: "passRate")
        try container.encode(passRateInterval, forKey: "passRateInterval")
        try container.encode(verdict, forKey: "verdict")
        try container.encode(durations, forKey: "durations")
        try container.encode(failures, forKey: "failures")
        try container.encode(history, forKey: "history")
        try container.encode(durationSamples, forKey: "durationSamples")
        try container.encode(hint, forKey: "hint")
        try container.encodeIfPresent(hintGate, forKey: "hintGate")
        try container.encodeIfPresent(hintFinding, forKey: "hintFinding")
        try container.encodeIfPresent(runtimeEvidence, forKey: "runtimeEvidence")
        try container.encodeIfPresent(historyFinding, forKey: "historyFinding")
        try container.encode(suggestion, forKey: "suggestion")
        try container.encodeIfPresent(proof, forKey: "proof")
        try container.encodeIfPresent(baseline, forKey: "baseline")
        try container.encodeIfPresent(stopReason, forKey: "stopReason")
        try container.encodeIfPresent(suiteDisplayName, forKey: "suiteDisplayName")
        try container.encodeIfPresent(skipReason, forKey: "skipReason")
        try container.encodeIfPresent(otherFailures, forKey: "otherFailures")
        try container.encodeIfPresent(workerOverlap, forKey: "workerOverlap")
        try container.encodeIfPresent(conditionRates, forKey: "conditionRates")
        try container.encodeIfPresent(reproduction, forKey: "reproduction")
        try container.encodeIfPresent(failsOnlyUnder, forKey: "failsOnlyUnder")
    }
}

extension TestSummary.FailureSummary {
    private enum CodingKeys: String, CodingKey { case message, location, count, runs, runIndices }

    /// In report.json a failure lists its runs as people and log files number them (`runs: [3]` is
    /// `logs/run-00003.log`); reports written before this said `runIndices`, counted from 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decode(String.self, forKey: .message)
        location = try container.decodeIfPresent(String.self, forKey: .location)
        count = try container.decode(Int.self, forKey: .count)
        if let runs = try container.decodeIfPresent([Int].self, forKey: .runs) {
            runIndices = runs.map { $0 - 1 }
        } else {
            runIndices = try container.decode([Int].self, forKey: .runIndices)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encode(count, forKey: .count)
        try container.encode(runIndices.map { $0 + 1 }, forKey: .runs)
    }
}

extension RunRecord {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ReportKey.self)
        try container.encode(index, forKey: "index")
        // `index` counts from 0 (merge and --shard work on it); `run` is the number logs and output use.
        try container.encode(index + 1, forKey: "run")
        try container.encode(exitCode, forKey: "exitCode")
        try container.encode(signal, forKey: "signal")
        try container.encode(timedOut, forKey: "timedOut")
        try container.encode(wallSeconds, forKey: "wallSeconds")
        try container.encode(logPath, forKey: "logPath")
        try container.encodeIfPresent(logIteration, forKey: "logIteration")
        try container.encodeIfPresent(strategy, forKey: "strategy")
        try container.encode(processes, forKey: "processes")
        try container.encodeIfPresent(incidents, forKey: "incidents")
        try container.encodeIfPresent(logError, forKey: "logError")
        try container.encodeIfPresent(perturbation, forKey: "perturbation")
        try container.encodeIfPresent(worker, forKey: "worker")
        try container.encodeIfPresent(startSeconds, forKey: "startSeconds")
        try container.encodeIfPresent(endSeconds, forKey: "endSeconds")
        try container.encodeIfPresent(sanitizerReports, forKey: "sanitizerReports")
    }
}
