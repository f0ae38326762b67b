import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import Foundation

extension RunExecutor {
    /// In-process mode: runs Swift Testing tests `count` times inside one process (`--repetitions`) and
    /// returns one output per repetition, numbered from `firstRunIndex`. Each repetition is settled by the
    /// same rules as a run of its own (`settle`): a crash with several tests in flight makes suspects that
    /// run alone, tests the crashed repetition never started get a fresh process, and the repetitions the
    /// process never reached run in a new in-process process. All of them share one log.
    package func executeRepetitions(
        firstRunIndex: Int, count: Int, tests: [TestIdentity],
        strategy: String? = nil, worker: Int = 0
    ) -> [RunOutput] {
        executeRepetitions(
            firstRunIndex: firstRunIndex, count: count, tests: tests, strategy: strategy, worker: worker,
            draw: { perturbation?.conditions(forRun: $0) })
    }

    /// `draw` gives the conditions of a process's first run, once per process started: every repetition the
    /// process holds, and the fresh processes that settle them, ran under those.
    func executeRepetitions(
        firstRunIndex: Int, count: Int, tests: [TestIdentity], strategy: String?, worker: Int,
        draw: (Int) -> PerturbationConditions?
    ) -> [RunOutput] {
        let fileName =
            String(format: "runs-%05d-%05d", firstRunIndex + 1, firstRunIndex + count)
            + (strategy.map { "-" + Self.slug($0) } ?? "") + ".log"
        let log = RunLog(path: "\(logDirectory)/\(fileName)", maximumBytes: maximumLogBytes)
        var states: [RunState] = []
        // The run whose conditions each repetition ran under: its process's first (`--perturb` draws a
        // process's conditions once, from the run it starts with).
        var conditionRuns: [PerturbationConditions?] = []
        while states.count < count, !cancellation.isCancelled {
            let runIndex = firstRunIndex + states.count
            let conditions = draw(runIndex)
            let invocations = factory.invocations(
                for: tests, tag: "p\(serial.take())-repeated", repetitions: count - states.count
            )
            .map { identified($0, runIndex: runIndex, worker: worker, conditions: conditions) }
            guard let invocation = invocations.first, invocations.count == 1 else { break }
            var processes: [RunRecord.ProcessRecord] = []
            var declarations: [TestDeclaration] = []
            let finished = launch(invocation, log: log, processes: &processes, declarations: &declarations)
            if let failure = finished.spawnFailure {
                var state = RunState(processes: processes)
                for id in invocation.testIDs { state.results[id] = TestResult(outcome: .notRun) }
                state.incidents.append(
                    RunIncident(
                        kind: .spawnFailure, candidates: invocation.testIDs, cause: .couldNotStart(reason: failure)))
                states.append(state)
                conditionRuns.append(conditions)
                break
            }
            let analysis = RepetitionAnalysis(
                testIDs: invocation.testIDs, count: count - states.count, exit: finished.exit,
                eventStream: finished.eventStream ?? RunTranscript(), catalog: catalog, crashLine: finished.crashLine,
                timeLimit: finished.timeLimit)
            // A process that reached no repetition at all would do the same again: its tests are settled
            // as one run (crash blamed, or lost), and the rest of the repetitions are not tried.
            let reached =
                analysis.repetitions.isEmpty
                ? [
                    InvocationAnalysis(
                        testIDs: invocation.testIDs, frameworks: invocation.frameworks, exit: finished.exit,
                        console: finished.console, eventStream: finished.eventStream, catalog: catalog,
                        crashLine: finished.crashLine, timeLimit: finished.timeLimit)
                ]
                : analysis.repetitions
            let byID = Dictionary(tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for (offset, repetition) in reached.enumerated() {
                var state = RunState(
                    processes: offset == 0 ? processes : [], declarations: offset == 0 ? declarations : [])
                // A process's reports cannot be told apart by repetition: the first repetition holds them.
                if offset == 0 { state.sanitizerReports = finished.sanitizerReports }
                let next = absorb(
                    repetition, suspicion: nil, testCount: invocation.testIDs.count, byID: byID, state: &state)
                settle(
                    next, of: tests, runIndex: firstRunIndex + states.count, worker: worker, conditions: conditions,
                    log: log, state: &state)
                states.append(state)
                conditionRuns.append(conditions)
            }
            if analysis.repetitions.isEmpty { break }
        }
        let interrupted = cancellation.isCancelled
        while states.count < count {
            var state = RunState()
            state.accountForEveryTest(tests.map(\.id), interrupted: interrupted)
            states.append(state)
        }
        for incident in states.flatMap(\.incidents) { log.note(Self.note(incident, incidentWording)) }
        let kept = log.finish(
            keep: states.contains {
                Self.needsLog($0.results.values, processes: $0.processes, incidents: !$0.incidents.isEmpty)
            })
        return states.enumerated().map { repetition, state in
            // A repetition no process reached ran under no conditions; one process runs every repetition, so
            // nothing ran apart.
            output(
                of: state, runIndex: firstRunIndex + repetition, strategy: strategy,
                logPath: kept ? "\(logDirectoryName)/\(fileName)" : nil, logError: log.writeError,
                conditions: repetition < conditionRuns.count ? conditionRuns[repetition] : nil)
        }
    }
}
