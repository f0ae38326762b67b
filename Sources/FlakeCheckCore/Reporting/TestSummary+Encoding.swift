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
        try container.encode(suggestion, forKey: "suggestion")
        try container.encodeIfPresent(proof, forKey: "proof")
        try container.encodeIfPresent(baseline, forKey: "baseline")
        try container.encodeIfPresent(stopReason, forKey: "stopReason")
        try container.encodeIfPresent(otherFailures, forKey: "otherFailures")
        try container.encodeIfPresent(workerOverlap, forKey: "workerOverlap")
        try container.encodeIfPresent(conditionRates, forKey: "conditionRates")
        try container.encodeIfPresent(failsOnlyUnder, forKey: "failsOnlyUnder")
    }
}

extension RunRecord {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ReportKey.self)
        try container.encode(index, forKey: "index")
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
    }
}
