import Foundation

extension FlakeReport {
    /// The one way every command (`run`, `compare`, `demo`, `parse`, `merge`) assembles its report from
    /// runs and per-test summaries: the summary counts and the gate are always worked out the same way
    /// from the same inputs, never patched in afterwards.
    package static func assemble(
        command: String, tool: Tool? = nil,
        configuration: Configuration, startedAt: String, finishedAt: String, wallSeconds: Double,
        interrupted: Bool, runs: [RunRecord], tests: [TestSummary], strategies: [StrategySummary]?,
        sanitizerFindings: [SanitizerFinding]? = nil
    ) -> FlakeReport {
        FlakeReport(
            schemaVersion: currentSchemaVersion,
            tool: tool ?? Tool(name: "flakecheck", version: FlakeCheckVersion.current),
            command: command, configuration: configuration,
            startedAt: startedAt, finishedAt: finishedAt, wallSeconds: wallSeconds, interrupted: interrupted,
            runs: runs, tests: tests, summary: Summary(tests: tests, runs: runs),
            gate: Gate(
                tests: tests, minPassRate: configuration.minPassRate, runs: runs,
                flakyPasses: configuration.rerunFailures != nil && configuration.failOnFlaky != true,
                failOnNewFlaky: configuration.failOnNewFlaky == true,
                sanitizerFindings: sanitizerFindings ?? [], interrupted: interrupted),
            strategies: strategies.flatMap { $0.isEmpty ? nil : $0 }, sanitizerFindings: sanitizerFindings)
    }

    /// The same, timed by the session's own clock readings.
    package static func assemble(
        command: String, configuration: Configuration, started: Date, finished: Date, interrupted: Bool,
        runs: [RunRecord], tests: [TestSummary], strategies: [StrategySummary]? = nil,
        sanitizerFindings: [SanitizerFinding]? = nil
    ) -> FlakeReport {
        return assemble(
            command: command, configuration: configuration, startedAt: Timestamp.iso8601(started),
            finishedAt: Timestamp.iso8601(finished), wallSeconds: finished.timeIntervalSince(started),
            interrupted: interrupted, runs: runs, tests: tests, strategies: strategies,
            sanitizerFindings: sanitizerFindings)
    }
}
