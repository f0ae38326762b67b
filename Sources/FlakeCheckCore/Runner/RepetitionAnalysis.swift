/// Splits the event stream of one process that ran its tests `count` times (`--repetitions`) into one
/// result per test per repetition: the k-th start of a test ID is its k-th repetition. A repetition
/// still running when the process died is crashed (or timed out); the ones it never reached are not run.
public struct RepetitionAnalysis: Sendable {
    /// One dictionary per repetition, in order.
    public var results: [[String: TestResult]]

    public init(testIDs: [String], count: Int, exit: ProcessExit, eventStream: RunTranscript, catalog: TestCatalog,
                crashLine: String?) {
        var perRepetition = Array(repeating: [String: TestResult](), count: count)
        let requested = Set(testIDs)
        let blame = InvocationAnalysis.blame(exit: exit, crashLine: crashLine)
        var seen: [String: Int] = [:]
        let candidates = catalog.index(of: testIDs)
        for entry in eventStream.entries {
            guard let id = catalog.resolve(entry.reference, occurrence: 1, among: candidates)
                    ?? (entry.reference.isQualified ? TestCatalog.droppingSourceLocation(entry.reference.name) : nil),
                  requested.contains(id) else { continue }
            let repetition = seen[id, default: 0]
            seen[id] = repetition + 1
            guard repetition < count else { continue }
            if let status = entry.status {
                perRepetition[repetition][id] = TestResult(
                    outcome: TestOutcome(status), duration: entry.duration, failures: entry.failures,
                    skipReason: entry.skipReason)
            } else {
                perRepetition[repetition][id] = exit.interrupted ? TestResult(outcome: .notRun) : blame
            }
        }
        for repetition in 0..<count {
            for id in testIDs where perRepetition[repetition][id] == nil {
                perRepetition[repetition][id] = TestResult(outcome: .notRun)
            }
        }
        results = perRepetition
    }
}
