import Foundation

extension RunExecutor {
    /// In-process mode: runs Swift Testing tests `count` times inside one process (`--repetitions`) and
    /// returns one output per repetition, numbered from `firstRunIndex`. The process record and the log
    /// belong to the first of them; the others point at the same log.
    public func executeRepetitions(firstRunIndex: Int, count: Int, tests: [TestIdentity],
                                   strategy: String? = nil, worker: Int = 0) -> [RunOutput] {
        let fileName = String(format: "runs-%05d-%05d", firstRunIndex + 1, firstRunIndex + count)
            + (strategy.map { "-" + Self.slug($0) } ?? "") + ".log"
        let log = RunLog(path: "\(logDirectory)/\(fileName)")
        var processes: [RunRecord.ProcessRecord] = []
        var declarations: [TestDeclaration] = []
        let invocations = factory.invocations(for: tests, tag: "p\(serial.take())-repeated", repetitions: count)
            .map { identified($0, runIndex: firstRunIndex, worker: worker) }
        guard let invocation = invocations.first, invocations.count == 1, !cancellation.isCancelled else {
            log.finish(keep: false)
            return []
        }
        let finished = launch(invocation, log: log, processes: &processes, declarations: &declarations)
        let analysis = RepetitionAnalysis(
            testIDs: invocation.testIDs, count: count, exit: finished.exit,
            eventStream: finished.eventStream ?? RunTranscript(), catalog: catalog, crashLine: finished.crashLine)
        let incidents = analysis.results.map { results in
            Self.repetitionIncidents(results, finished: finished, interrupted: cancellation.isCancelled)
        }
        let kept = log.finish(keep: Self.needsLog(analysis.results.flatMap(\.values), processes: processes,
                                                  incidents: incidents.contains { !$0.isEmpty }))
        return analysis.results.enumerated().map { repetition, results in
            var output = RunOutput(
                record: RunRecord(index: firstRunIndex + repetition, strategy: strategy,
                                  processes: repetition == 0 ? processes : [],
                                  logPath: kept ? "\(logDirectoryName)/\(fileName)" : nil, incidents: incidents[repetition]),
                results: results, declarations: repetition == 0 ? declarations : [], unknownTests: [])
            output.record.perturbation = perturbation?.conditions(forRun: firstRunIndex)
            return output
        }
    }

    /// A repetition's tests without a result are never silent: the process could not start, died in an
    /// earlier repetition, or ended normally without reporting them. Only Ctrl-C leaves them unexplained.
    static func repetitionIncidents(_ results: [String: TestResult], finished: FinishedProcess,
                                    interrupted: Bool) -> [RunIncident] {
        let missing = results.filter { $0.value.outcome == .notRun }.map(\.key).sorted()
        guard !missing.isEmpty, !interrupted else { return [] }
        if let failure = finished.spawnFailure {
            return [RunIncident(kind: .spawnFailure, candidates: missing, message: failure)]
        }
        let died = finished.exit.signal != nil || finished.exit.timedOut
        return [RunIncident(kind: .lostResults, candidates: missing, message: died
            ? "the process died in an earlier repetition, so this repetition never ran"
            : "the process ended without reporting this repetition")]
    }
}
