import FlakeCheckModel
import FlakeCheckParsing

/// Splits the event stream of one process that ran its tests `count` times (`--repetitions`) into one
/// `InvocationAnalysis` per repetition it reached, as if each repetition had been a process of its own:
/// the k-th start of a test ID is its k-th repetition. So in-process mode follows the same rules as
/// process mode: one test still running at a crash is blamed, several are suspects to run alone, tests
/// the crashed repetition never started get a fresh process. Repetitions the process never reached are
/// not analysed here; the executor starts a new process for them.
package struct RepetitionAnalysis: Sendable {
    /// One analysis per repetition the process reached, in order.
    package var repetitions: [InvocationAnalysis]

    package init(
        testIDs: [String], count: Int, exit: ProcessExit, eventStream: RunTranscript, catalog: TestCatalog,
        crashLine: String?, timeLimit: TimeLimitExpiry? = nil
    ) {
        var perRepetition: [[RunTranscript.Entry]] = []
        var seen: [String: Int] = [:]
        let candidates = catalog.index(of: testIDs)
        for entry in eventStream.entries {
            let id =
                catalog.resolve(entry.reference, occurrence: 1, among: candidates)
                ?? TestCatalog.printedID(of: entry.reference, occurrence: 1)
            let repetition = seen[id, default: 0]
            seen[id] = repetition + 1
            guard repetition < count else { continue }
            while perRepetition.count <= repetition { perRepetition.append([]) }
            perRepetition[repetition].append(entry)
        }
        // A repetition that another one followed ran to its end; only the last one reached shares the
        // process's own end (its exit status, signal or timeout, and whether the run-end record came).
        let carriedOn = ProcessExit(exitCode: 0, signal: nil, wallSeconds: exit.wallSeconds)
        // The process's exit status speaks for all its repetitions: a failure in an earlier one explains a
        // non-zero status at the end of the last.
        let failedEarlier = perRepetition.dropLast().contains { $0.contains { $0.status == .failed } }
        repetitions = perRepetition.enumerated().map { index, entries in
            let isLast = index == perRepetition.count - 1
            let transcript = RunTranscript(
                entries: entries,
                finishedFrameworks: isLast
                    ? eventStream.finishedFrameworks : [.swiftTesting])
            return InvocationAnalysis(
                testIDs: testIDs, frameworks: [.swiftTesting], exit: isLast ? exit : carriedOn,
                console: RunTranscript(),
                eventStream: transcript, catalog: catalog, crashLine: isLast ? crashLine : nil,
                explainedElsewhere: failedEarlier, timeLimit: isLast ? timeLimit : nil)
        }
    }
}
