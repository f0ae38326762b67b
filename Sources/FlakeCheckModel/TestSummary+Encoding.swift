extension TestSummary: JSONMembers {
    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }

    /// Listed by hand so that `passRate`, `durations`, `displayName` and `hint` appear as `null` rather
    /// than vanish when they have no value; in key order (UTF-8), as report.json prints them, so that
    /// `JSONMemberWriter` prints them as they come. The same holds for every `visitMembers`.
    package func visitMembers<Visitor: JSONMemberVisitor>(_ visitor: inout Visitor) throws {
        try visitor.memberIfPresent("baseline", baseline)
        try visitor.memberIfPresent("change", change)
        try visitor.memberIfPresent("conditionRates", conditionRates)
        try visitor.member("crashed", crashed)
        try visitor.member("displayName", displayName)
        try visitor.member("durationSamples", durationSamples)
        try visitor.member("durations", durations)
        try visitor.member("failed", failed)
        try visitor.member("failures", failures)
        try visitor.memberIfPresent("firstFailure", firstFailure)
        try visitor.member("framework", framework)
        try visitor.member("hint", hint)
        try visitor.memberIfPresent("hintGate", hintGate)
        try visitor.memberIfPresent("hintReadBy", hintReadBy)
        try visitor.memberIfPresent("hintReason", hintReason)
        try visitor.member("history", history)
        try visitor.memberIfPresent("historyFinding", historyFinding)
        try visitor.member("id", id)
        try visitor.memberIfPresent("learnedArms", learnedArms)
        try visitor.member("name", name)
        try visitor.member("notRun", notRun)
        try visitor.memberIfPresent("otherFailures", otherFailures)
        try visitor.member("passRate", passRate)
        try visitor.member("passRateInterval", passRateInterval)
        try visitor.member("passed", passed)
        try visitor.memberIfPresent("proof", proof)
        try visitor.memberIfPresent("readHint", readHint)
        try visitor.memberIfPresent("reproduction", reproduction)
        try visitor.member("runs", runs)
        try visitor.memberIfPresent("runtimeEvidence", runtimeEvidence)
        try visitor.memberIfPresent("skipReason", skipReason)
        try visitor.member("skipped", skipped)
        try visitor.member("sourceLocation", sourceLocation)
        try visitor.memberIfPresent("stopDecision", stopDecision)
        try visitor.memberIfPresent("strategy", strategy)
        try visitor.member("suite", suite)
        try visitor.memberIfPresent("suiteDisplayName", suiteDisplayName)
        try visitor.member("timedOut", timedOut)
        try visitor.member("verdict", verdict)
        try visitor.memberIfPresent("workerOverlap", workerOverlap)
    }
}

extension TestSummary.FailureSummary: JSONMembers {
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

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }

    package func visitMembers<Visitor: JSONMemberVisitor>(_ visitor: inout Visitor) throws {
        try visitor.member("count", count)
        try visitor.memberIfPresent("location", location)
        try visitor.member("message", message)
        try visitor.member("runs", runIndices.map { $0 + 1 })
        // The list keeps the first runs only (`TestTally`): a reader must not take it for all of them.
        try visitor.memberIfPresent("runsTruncated", count > runIndices.count ? true : nil)
    }
}

extension RunRecord: JSONMembers {
    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }

    package func visitMembers<Visitor: JSONMemberVisitor>(_ visitor: inout Visitor) throws {
        try visitor.memberIfPresent("endSeconds", endSeconds)
        try visitor.member("exitCode", exitCode)
        try visitor.memberIfPresent("incidents", incidents)
        try visitor.member("index", index)
        try visitor.memberIfPresent("logError", logError)
        try visitor.memberIfPresent("logIteration", logIteration)
        try visitor.member("logPath", logPath)
        try visitor.memberIfPresent("perturbation", perturbation)
        try visitor.member("processes", processes)
        // `index` counts from 0 (merge and --shard work on it); `run` is the number logs and output use.
        try visitor.member("run", index + 1)
        try visitor.memberIfPresent("sanitizerReports", sanitizerReports)
        try visitor.member("signal", signal)
        try visitor.memberIfPresent("startSeconds", startSeconds)
        try visitor.memberIfPresent("strategy", strategy)
        try visitor.member("timedOut", timedOut)
        try visitor.member("wallSeconds", wallSeconds)
        try visitor.memberIfPresent("worker", worker)
    }
}
