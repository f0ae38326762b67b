import Foundation

/// Everything one run produced: its process record, a result per test, and what the event stream
/// declared about the tests (display names, source locations).
public struct RunOutput: Sendable {
    public var record: RunRecord
    public var results: [String: TestResult]
    public var declarations: [TestDeclaration]
    public var unknownTests: [TestIdentity]
}

/// Executes one run: starts the processes for the selected tests, parses their output as it streams,
/// re-runs what a crash left unfinished, and keeps the log when something went wrong.
public struct RunExecutor: Sendable {
    public var factory: InvocationFactory
    public var launcher: any ProcessLaunching
    public var catalog: TestCatalog
    /// Absolute folder for run logs, and the same folder relative to the output folder for the report.
    public var logDirectory: String
    public var logDirectoryName: String
    public var cancellation: CancellationFlag

    public init(factory: InvocationFactory, launcher: any ProcessLaunching, catalog: TestCatalog,
                logDirectory: String, logDirectoryName: String, cancellation: CancellationFlag) {
        self.factory = factory
        self.launcher = launcher
        self.catalog = catalog
        self.logDirectory = logDirectory
        self.logDirectoryName = logDirectoryName
        self.cancellation = cancellation
    }

    public func execute(runIndex: Int, tests: [TestIdentity], strategy: String? = nil) -> RunOutput {
        let fileName = String(format: "run-%05d", runIndex + 1) + (strategy.map { "-" + Self.slug($0) } ?? "") + ".log"
        let log = RunLog(path: "\(logDirectory)/\(fileName)")
        var output = RunOutput(record: RunRecord(index: runIndex, strategy: strategy, processes: [], logPath: nil),
                               results: [:], declarations: [], unknownTests: [])
        var processes: [RunRecord.ProcessRecord] = []
        var queue: [[TestIdentity]] = [tests]
        var invocationNumber = 0
        // Every retry either settles a test or splits a group, so this bound is never reached in practice;
        // it only guarantees termination against a process that misbehaves in some new way.
        var budget = tests.count * 3 + 3
        while !queue.isEmpty, budget > 0, !cancellation.isCancelled {
            budget -= 1
            let batch = queue.removeFirst()
            for invocation in factory.invocations(for: batch, tag: "\(runIndex)-\(invocationNumber)") {
                invocationNumber += 1
                guard !cancellation.isCancelled else { break }
                let analysis = run(invocation, log: log, processes: &processes, declarations: &output.declarations)
                for (id, result) in analysis.results { output.results[id] = result }
                output.unknownTests += analysis.unknownTests
                queue += analysis.retries.map { ids in ids.compactMap { id in tests.first { $0.id == id } } }
            }
        }
        let needsLog = output.results.values.contains { [.failed, .crashed, .timedOut].contains($0.outcome) }
            || processes.contains { $0.signal != nil || $0.timedOut }
        log.finish(keep: needsLog)
        output.record = RunRecord(index: runIndex, strategy: strategy, processes: processes,
                                  logPath: needsLog ? "\(logDirectoryName)/\(fileName)" : nil)
        return output
    }

    private func run(_ invocation: TestInvocation, log: RunLog, processes: inout [RunRecord.ProcessRecord],
                     declarations: inout [TestDeclaration]) -> InvocationAnalysis {
        let finished = launch(invocation, log: log, processes: &processes, declarations: &declarations)
        return InvocationAnalysis(
            testIDs: invocation.testIDs, frameworks: invocation.frameworks, exit: finished.exit, console: finished.console,
            eventStream: finished.eventStream, catalog: catalog, crashLine: finished.crashLine)
    }

    /// What one process left behind: how it ended and its parsed output.
    struct FinishedProcess {
        var exit: ProcessExit
        var console: RunTranscript
        var eventStream: RunTranscript?
        var crashLine: String?
    }

    /// Starts one process, streams its output into the log and the parsers, and records how it ended.
    func launch(_ invocation: TestInvocation, log: RunLog, processes: inout [RunRecord.ProcessRecord],
                declarations: inout [TestDeclaration]) -> FinishedProcess {
        log.note("==> " + RunLog.displayCommand(invocation.request))
        var console = ConsoleParser()
        var transcript = RunTranscript()
        if let path = invocation.eventStreamPath { try? FileManager.default.removeItem(atPath: path) }
        let exit: ProcessExit
        do {
            exit = try launcher.run(invocation.request, cancellation: cancellation) { bytes in
                log.write(bytes)
                console.feed(bytes) { transcript.record($0) }
            }
        } catch {
            log.note("<== \(error)")
            exit = ProcessExit(exitCode: 127, signal: nil, wallSeconds: 0)
        }
        console.finish { transcript.record($0) }
        let eventTranscript = invocation.eventStreamPath.map { Self.readEventStream(at: $0) }
        declarations += eventTranscript?.declarations.values.map { $0 } ?? []
        let status = exit.signal.map { "signal \($0)" } ?? "exit status \(exit.exitCode ?? -1)"
        log.note("<== \(status)\(exit.timedOut ? " (timed out)" : "") after \(String(format: "%.3f", exit.wallSeconds)) s")
        let dropped = transcript.droppedEvents + (eventTranscript?.droppedEvents ?? 0)
        if dropped > 0 {
            log.note("<== \(dropped) test events ignored: the output held more test records than flakecheck keeps for one process "
                     + "(\(RunTranscript.defaultMaximumBytes >> 20) MB)")
        }
        processes.append(RunRecord.ProcessRecord(
            frameworks: invocation.frameworks.sorted(), tests: invocation.testIDs.count, exitCode: exit.exitCode,
            signal: exit.signal, timedOut: exit.timedOut, wallSeconds: exit.wallSeconds))
        return FinishedProcess(exit: exit, console: transcript, eventStream: eventTranscript,
                               crashLine: console.lastCrashLine)
    }

    /// Reads the event stream file in chunks (it can be large) and deletes it.
    static func readEventStream(at path: String) -> RunTranscript {
        var parser = EventStreamParser()
        var transcript = RunTranscript()
        if let handle = FileHandle(forReadingAtPath: path) {
            while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                parser.feed(chunk) { transcript.record($0) }
            }
            try? handle.close()
        }
        parser.finish { transcript.record($0) }
        try? FileManager.default.removeItem(atPath: path)
        return transcript
    }

    static func slug(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
    }
}
