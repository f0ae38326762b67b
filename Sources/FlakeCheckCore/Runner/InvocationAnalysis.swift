import Foundation

/// Decides what one finished test process means for each test it was asked to run: pure logic over
/// the parsed transcripts and the exit status, so every crash and timeout rule is unit-tested without
/// spawning anything.
///
/// The rules:
/// - a test with an end line gets that outcome;
/// - when the process died (signal, timeout, or it never printed its end-of-run summary) the one test
///   still running is `crashed` (or `timedOut`); tests that had not started are run again in a fresh
///   process, so one crashing test does not hide the results of the tests after it;
/// - when several tests were running at once (Swift Testing runs tests in parallel) and the process
///   crashed or was killed at the timeout, nobody can tell which one did it: they become `suspects`, the
///   executor runs each again alone and blames the one that crashes (or hangs) alone;
/// - a process killed by a signal after every test reported a result (a crash at exit, or a fake result
///   and summary printed before crashing) is blamed on the last test that reported: `crashed`;
/// - a test the process never reported although it ended normally is `lost`: `notRun`, never a pass,
///   and an incident the executor reports.
public struct InvocationAnalysis: Sendable, Equatable {
    public var results: [String: TestResult] = [:]
    /// Groups of test IDs to run again, each in its own process, as part of the same run.
    public var retries: [[String]] = []
    /// Several tests were running when the process crashed or was killed: which one did it is unknown.
    public var suspects: Suspects?
    /// Tests without a result although the process ended normally (exit status and summary): results
    /// that were lost somewhere between the test and flakecheck.
    public var lost: [String] = []

    /// The tests in flight at a crash or timeout, and the outcome each gets if none of them does it again
    /// when run alone.
    public struct Suspects: Sendable, Equatable {
        public var candidates: [String]
        public var blame: TestResult
    }
    /// Tests that appeared in the output but are not in the catalog (kept under their printed name).
    public var unknownTests: [TestIdentity] = []
    private var knownUnknownIDs: Set<String> = []

    /// An analysis with nothing in it, for a process that never started.
    init() {}

    public init(
        testIDs: [String], frameworks: Set<TestFramework>, exit: ProcessExit, console: RunTranscript,
        eventStream: RunTranscript?, catalog: TestCatalog, crashLine: String? = nil
    ) {
        let entries = Self.entries(frameworks: frameworks, console: console, eventStream: eventStream)
        // Arrays keep the order; the sets keep hostile logs (thousands of unfinished starts) linear.
        var unfinished: [String] = []
        var unfinishedIDs: Set<String> = []
        var lastFinished: String?
        let requested = Set(testIDs)
        let candidates = catalog.index(of: testIDs)
        for entry in entries {
            let id = resolve(entry, catalog: catalog, candidates: candidates)
            // A known test this process was not asked to run (a library that runs more than its filter
            // selects) is not part of this selection's numbers.
            if !requested.isEmpty, !requested.contains(id), catalog[id] != nil { continue }
            if let status = entry.status {
                merge(TestResult(outcome: TestOutcome(status), duration: entry.duration, failures: entry.failures,
                                 skipReason: entry.skipReason), into: id)
                lastFinished = id
            } else if unfinishedIDs.insert(id).inserted {
                unfinished.append(id)
            }
        }
        unfinished.removeAll { results[$0] != nil }
        let finishedFrameworks = console.finishedFrameworks.union(eventStream?.finishedFrameworks ?? [])
        let ranToEnd = frameworks.isSubset(of: finishedFrameworks)
        let died = exit.signal != nil || exit.timedOut || !ranToEnd
        let unseen = testIDs.filter { results[$0] == nil && !unfinishedIDs.contains($0) }

        if exit.interrupted {
            for id in unfinished + unseen { results[id] = TestResult(outcome: .notRun) }
            return
        }
        guard died else {
            lost = unfinished + unseen
            for id in lost { results[id] = TestResult(outcome: .notRun) }
            return
        }
        let blame = Self.blame(exit: exit, crashLine: crashLine)
        // Killed by a signal although every test reported a result: the crash came after the last result
        // (a crash at exit, or a test that printed a fake result and summary before crashing). It is not a
        // pass; the last test to report is the only one that can be blamed.
        if exit.signal != nil, !exit.timedOut, unfinished.isEmpty, unseen.isEmpty, let id = lastFinished,
           var result = results[id] {
            result.outcome = .crashed
            result.failures += blame.failures.map {
                FailureRecord(message: $0.message.replacingOccurrences(
                    of: "crashed with signal", with: "crashed after reporting its result, with signal"))
            }
            results[id] = result
            return
        }
        if unfinished.count == 1 {
            results[unfinished[0]] = blame
        } else if unfinished.count > 1 {
            suspects = Suspects(candidates: unfinished, blame: blame)
        }
        guard !unseen.isEmpty else { return }
        let madeProgress = !entries.isEmpty
        if madeProgress {
            retries.append(unseen)
        } else if unseen.count > 1 {
            retries += unseen.map { [$0] }
        } else {
            for id in unseen { results[id] = blame }
        }
    }

    private static func entries(
        frameworks: Set<TestFramework>, console: RunTranscript, eventStream: RunTranscript?
    ) -> [RunTranscript.Entry] {
        let xctest = console.entries.filter { $0.reference.framework == .xctest && frameworks.contains(.xctest) }
        guard frameworks.contains(.swiftTesting) else { return xctest }
        // The event stream is written record by record, so even after a crash it says which tests were
        // running; only when it is missing altogether does the (ambiguous) console text stand in.
        if let eventStream, !eventStream.entries.isEmpty || !eventStream.finishedFrameworks.isEmpty {
            return xctest + eventStream.entries
        }
        return xctest + console.entries.filter { $0.reference.framework == .swiftTesting }
    }

    private mutating func resolve(_ entry: RunTranscript.Entry, catalog: TestCatalog,
                                  candidates: TestCatalog.CandidateIndex) -> String {
        if let id = catalog.resolve(entry.reference, occurrence: entry.occurrence, among: candidates) { return id }
        let id = TestCatalog.printedID(of: entry.reference, occurrence: entry.occurrence)
        if knownUnknownIDs.insert(id).inserted {
            unknownTests.append(TestIdentity(canonicalID: id, framework: entry.reference.framework))
        }
        return id
    }

    /// A test reported more than once in one process (a parameterized or repeated test) keeps its worst
    /// outcome: any failure fails it.
    private mutating func merge(_ result: TestResult, into id: String) {
        guard var existing = results[id] else {
            results[id] = result
            return
        }
        if result.outcome.severity > existing.outcome.severity { existing.outcome = result.outcome }
        existing.duration = [existing.duration, result.duration].compactMap { $0 }.max()
        existing.failures += result.failures
        results[id] = existing
    }

    static func blame(exit: ProcessExit, crashLine: String?) -> TestResult {
        if exit.timedOut {
            let limit = String(format: "%.0f", exit.wallSeconds)
            return TestResult(outcome: .timedOut, failures: [
                FailureRecord(message: "timed out: the process was still running after \(limit) s and was killed")])
        }
        let how = exit.signal.map { "crashed with signal \($0) (\(SignalName.name($0)))" }
            ?? "the process exited with status \(exit.exitCode ?? -1) while this test was running"
        let message = crashLine.map { "\(how): \($0)" } ?? how
        return TestResult(outcome: .crashed, failures: [FailureRecord(message: message)])
    }
}
