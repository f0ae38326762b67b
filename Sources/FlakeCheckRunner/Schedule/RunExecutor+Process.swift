import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// One process of a run: starting it, streaming its output into the log and the parsers, and what it
/// left behind (how it ended, its transcripts, ThreadSanitizer's reports).
extension RunExecutor {
    /// Runs one process and reads what it left into an analysis; a process that could not start is an
    /// incident, and its tests are not run.
    func run(_ invocation: TestInvocation, log: RunLog, state: inout RunState) -> InvocationAnalysis {
        let finished = launch(invocation, log: log, processes: &state.processes, declarations: &state.declarations)
        state.sanitizerReports += finished.sanitizerReports
        if let failure = finished.spawnFailure {
            // Nothing ran, so nothing is known: no outcome but not-run, and an incident that fails the gate.
            // Retrying would only fail the same way once per test.
            state.incidents.append(
                RunIncident(kind: .spawnFailure, candidates: invocation.testIDs, cause: .couldNotStart(reason: failure))
            )
            return InvocationAnalysis(notRun: invocation.testIDs)
        }
        return InvocationAnalysis(
            testIDs: invocation.testIDs, frameworks: invocation.frameworks, exit: finished.exit,
            console: finished.console,
            eventStream: finished.eventStream, catalog: catalog, crashLine: finished.crashLine,
            timeLimit: finished.timeLimit)
    }

    /// What one process left behind: how it ended and its parsed output.
    struct FinishedProcess {
        var exit: ProcessExit
        var console: RunTranscript
        var eventStream: RunTranscript?
        var crashLine: String?
        /// Why the process could not be started; nil when it ran.
        var spawnFailure: String?
        var sanitizerReports: [SanitizerReport] = []
        /// Which of `--timeout`'s bounds ended the process, when one did.
        var timeLimit: TimeLimitExpiry?
    }

    /// Starts one process, streams its output into the log and the parsers, and records how it ended.
    func launch(
        _ invocation: TestInvocation, log: RunLog, processes: inout [RunRecord.ProcessRecord],
        declarations: inout [TestDeclaration]
    ) -> FinishedProcess {
        log.note("==> " + RunLog.displayCommand(invocation.request))
        var console = ConsoleParser()
        var transcript = RunTranscript()
        if let path = invocation.eventStreamPath { try? FileManager.default.removeItem(atPath: path) }
        var request = invocation.request
        let sanitizerLog = sanitizerLogDirectory.map { "\($0)/tsan-\(serial.take())" }
        if let sanitizerLog {
            let option = Sanitizer.thread.options(
                logPrefix: sanitizerLog, existing: request.environment["TSAN_OPTIONS"])
            request.environment[option.name] = option.value
        }
        // `--timeout` bounds each test from its own start; the process as a whole gets one limit per test
        // it runs, and one more.
        let timeLimit = TestTimeLimit(
            perTest: factory.timeout,
            processBound: TestTimeLimit.processBound(
                perTest: factory.timeout, tests: invocation.testIDs.count * invocation.repetitions),
            watchesTests: factory.mode != .swiftTest)
        request.timeLimit = timeLimit
        request.timeout = nil
        let exit: ProcessExit
        do {
            exit = try launcher.run(request, cancellation: cancellation) { bytes in
                log.write(bytes)
                timeLimit.noteOutput()
                console.feed(bytes) {
                    transcript.record($0)
                    timeLimit.observe($0)
                }
            }
        } catch {
            let reason = (error as? FlakeCheckError)?.description ?? "\(error)"
            log.note("<== \(reason)")
            return FinishedProcess(
                exit: ProcessExit(exitCode: nil, signal: nil, wallSeconds: 0), console: RunTranscript(),
                eventStream: nil, crashLine: nil, spawnFailure: reason)
        }
        console.finish { transcript.record($0) }
        let eventTranscript = invocation.eventStreamPath.map {
            EventStreamFile.read(at: $0) { log.note("<== warning: \($0)") }
        }
        declarations += eventTranscript?.declarations.values.map { $0 } ?? []
        let status = exit.signal.map { "signal \($0)" } ?? "exit status \(exit.exitCode ?? -1)"
        log.note(
            "<== \(status)\(exit.timedOut ? " (timed out)" : "") after \(String(format: "%.3f", exit.wallSeconds)) s")
        let dropped = transcript.droppedEvents + (eventTranscript?.droppedEvents ?? 0)
        if dropped > 0 {
            log.note(
                "<== \(dropped) test events ignored: the output held more test records than flakecheck keeps for one "
                    + "process "
                    + "(\(RunTranscript.defaultMaximumBytes >> 20) MB)")
        }
        processes.append(
            RunRecord.ProcessRecord(
                frameworks: invocation.frameworks.sorted(), tests: invocation.testIDs.count, exitCode: exit.exitCode,
                signal: exit.signal, timedOut: exit.timedOut, wallSeconds: exit.wallSeconds))
        return FinishedProcess(
            exit: exit, console: transcript, eventStream: eventTranscript,
            crashLine: console.lastCrashLine,
            sanitizerReports: sanitizerLog.map { sanitizerReports(at: $0, of: invocation, log: log) } ?? [],
            timeLimit: exit.timedOut ? timeLimit.expiry : nil)
    }

    /// Reads (and removes) the report files ThreadSanitizer wrote for one process (`<prefix>.<pid>`, one
    /// per process it ran, the test binary's children too), keeps their text in the run's log, and
    /// attributes each report to the process's tests whose functions are on its stacks.
    private func sanitizerReports(at prefix: String, of invocation: TestInvocation, log: RunLog) -> [SanitizerReport] {
        let folder = (prefix as NSString).deletingLastPathComponent
        let name = (prefix as NSString).lastPathComponent + "."
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(name) }
            .sorted()
        var reports: [SanitizerReport] = []
        for file in files {
            let path = "\(folder)/\(file)"
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            try? FileManager.default.removeItem(atPath: path)
            let text = String(decoding: data, as: UTF8.self)
            log.note("<== ThreadSanitizer:\n" + text)
            for var report in ThreadSanitizerLog.reports(in: text) {
                report.tests = SanitizerAttribution.tests(of: report, among: invocation.testIDs)
                reports.append(report)
            }
        }
        return reports
    }
}
