import FlakeCheckModel
import FlakeCheckParsing
import Foundation

/// Decides what one finished test process means for each test it was asked to run: the one attribution
/// engine. Process mode applies it to every process, in-process mode to every repetition
/// (`RepetitionAnalysis`), the solo re-checks to theirs, and `parse` to every process a saved log holds
/// (`SavedLogProcesses`), so no two readers can disagree. Pure logic over what `ResultAttribution` read from
/// the transcripts and how the process ended, so every rule is unit-tested without spawning anything.
///
/// The rules:
/// - a test with an end line gets that outcome;
/// - when the process died (signal, timeout, or it never printed its end-of-run summary) the one test
///   still running is `crashed` (or `timedOut`);
/// - when several tests were running at once (Swift Testing runs tests in parallel) and the process
///   crashed or was killed at the timeout, nobody can tell which one did it: they become `suspects`, the
///   executor runs each again alone and blames the one that crashes (or hangs) alone;
/// - a process that ended badly (a signal, the timeout, a non-zero status no failure explains) after its
///   tests reported (a class `tearDown`, an exit handler, a fake result and summary printed before
///   crashing) leaves no pass: one test that reported is `crashed` after its result; several are
///   suspects, run alone like a parallel crash's, and the one that ends badly alone is blamed;
/// - a test that started and never ended although the process ended normally is `lost`: `notRun`,
///   never a pass, and an incident the executor reports;
/// - a test that never started is run again in a fresh process, whatever the exit status (a test can
///   print a summary and `exit(0)`), unless the process started no test at all.
package struct InvocationAnalysis: Sendable {
    /// Each test's result, by ID, made when read (a run reads it once per process).
    package var results: [String: TestResult] {
        var results = unshownResults
        results.reserveCapacity(unshownResults.count + order.count)
        for (test, result) in zip(order, orderedResults) {
            if let result { results[test.id] = result }
        }
        return results
    }
    /// The results of `order`'s tests, in its order (nil for one without a result). Kept by place, not by
    /// ID: a saved log settles thousands of processes, and hashing each result's ID into a dictionary and
    /// out again cost a tenth of reading the log.
    package private(set) var orderedResults: [TestResult?] = []
    /// Results of tests the output never showed (not started, or a process that never ran).
    private var unshownResults: [String: TestResult] = [:]
    /// Where each of `order`'s tests is in it, made on the first result set after the first reading (a
    /// crash, a lost result: rare), so that the common process hashes no ID at all.
    private var positions: [String: Int]?
    /// Groups of test IDs to run again, each in its own process, as part of the same run.
    package var retries: [[String]] = []
    /// Several tests were running when the process crashed or was killed: which one did it is unknown.
    package var suspects: Suspects?
    /// Tests without a result although the process ended normally (exit status and summary): results
    /// that were lost somewhere between the test and flakecheck.
    package var lost: [String] = []
    /// Tests printed alike whose ends the output cannot tell apart (console text only): none got a result.
    package var ambiguities: [SameNameAmbiguity] = []
    /// The failures each unfinished test reported before its process ended.
    package var unfinishedFailures: [String: [FailureRecord]] = [:]
    /// Every test the process's output showed, in the order it first did.
    package var order: [PrintedNameResolver.Test] = []
    /// Libraries whose end-of-run summary counts more tests than the output showed: results lost on their
    /// way, which no test can be blamed for. The executor and the log reader make each an incident.
    package var summaryShortfalls: [RunIncident.Cause] = []

    /// The tests in flight at a crash or timeout, and the outcome each gets if none of them does it again
    /// when run alone.
    package struct Suspects: Sendable, Equatable {
        package var candidates: [String]
        package var blame: TestResult
        /// The process ended badly after all of them had reported their results (none was running).
        package var afterResults: Bool
        /// What each had reported, when `afterResults`: not counted here, but a reader that cannot run them
        /// again (a saved log) keeps their failures.
        package var reported: [String: TestResult] = [:]

        package init(candidates: [String], blame: TestResult, afterResults: Bool = false) {
            self.candidates = candidates
            self.blame = blame
            self.afterResults = afterResults
        }
    }
    /// Tests that appeared in the output but are not in the catalog (kept under their printed name).
    package var unknownTests: [TestIdentity] = []

    /// An analysis with nothing in it, for a process that never started.
    package init() {}

    /// A process that never started: each of `testIDs` did not run.
    package init(notRun testIDs: [String]) {
        for id in testIDs { unshownResults[id] = TestResult(outcome: .notRun) }
    }

    /// `explainedElsewhere`: a failure outside these transcripts (an earlier repetition of the same
    /// process) explains a non-zero exit status.
    package init(
        testIDs: [String], frameworks: Set<TestFramework>, exit: ProcessExit, console: RunTranscript,
        eventStream: RunTranscript?, catalog: TestCatalog, crashLine: String? = nil, explainedElsewhere: Bool = false,
        timeLimit: TimeLimitExpiry? = nil
    ) {
        var resolver = PrintedNameResolver(catalog: catalog, candidates: catalog.coSelected(testIDs))
        self.init(
            testIDs: testIDs, frameworks: frameworks, exit: exit, console: console, eventStream: eventStream,
            resolver: &resolver,
            crashLine: crashLine, explainedElsewhere: explainedElsewhere, timeLimit: timeLimit)
    }

    /// `resolver` says which test each printed name is; a saved log keeps one for all its processes.
    package init(
        testIDs: [String], frameworks: Set<TestFramework>, exit: ProcessExit, console: RunTranscript,
        eventStream: RunTranscript?, resolver: inout PrintedNameResolver, crashLine: String? = nil,
        explainedElsewhere: Bool = false, timeLimit: TimeLimitExpiry? = nil
    ) {
        let catalog = resolver.catalog
        let attribution = ResultAttribution(
            testIDs: testIDs, frameworks: frameworks, console: console,
            eventStream: eventStream, resolver: &resolver)
        orderedResults = attribution.ordered
        unknownTests = attribution.unknownTests
        ambiguities = attribution.ambiguities
        unfinishedFailures = attribution.unfinishedFailures
        let unfinished = attribution.unfinished, unseen = attribution.unseen
        let finishedFrameworks = console.finishedFrameworks.union(eventStream?.finishedFrameworks ?? [])
        let ranToEnd = frameworks.isSubset(of: finishedFrameworks)
        let died = exit.signal != nil || exit.timedOut || !ranToEnd

        order = attribution.order
        let counts = console.summaryCounts.merging(eventStream?.summaryCounts ?? [:]) { max($0, $1) }
        for framework in TestFramework.allCases where frameworks.contains(framework) {
            let shown = attribution.shown(framework)
            guard let counted = counts[framework], counted > shown else { continue }
            summaryShortfalls.append(.summaryCountsMore(framework: framework, counted: counted, shown: shown))
        }
        if exit.interrupted {
            for id in unfinished + unseen { setResult(own(TestResult(outcome: .notRun), id), for: id) }
            return
        }
        // A process's end is a fact no pass line outweighs. One that died (a signal, the timeout) or exited
        // non-zero with no failure to explain it, after its tests had reported, was taken down by one of
        // them: its class `tearDown`, an exit handler, a thread it left behind, or a fake result printed
        // before a crash. Not a pass for any of them until a process of its own says which.
        let explained = explainedElsewhere || orderedResults.contains { $0?.outcome.isFailure ?? false }
        // A time limit that ended a process between its tests (a hung class `setUp`) is the next test's
        // business, settled below, not the finished ones'.
        if unfinished.isEmpty, timeLimit == nil || unseen.isEmpty, Self.endedBadly(exit, explained: explained) {
            suspectAfterResults(attribution.finished, exit: exit, crashLine: crashLine)
        }
        guard died else {
            lost = unfinished
            // A normal end does not prove the rest ran: a test can print a summary and `exit(0)`. What did
            // not start gets a fresh process, unless this process started nothing at all (it would again).
            if attribution.madeProgress, !unseen.isEmpty { retries.append(unseen) } else { lost += unseen }
            for id in lost { setResult(own(TestResult(outcome: .notRun), id), for: id) }
            return
        }
        if exit.timedOut, let timeLimit, !unfinished.isEmpty || !unseen.isEmpty {
            settle(
                timeLimit, unfinished: unfinished, unseen: unseen, madeProgress: attribution.madeProgress,
                catalog: catalog, exit: exit)
            return
        }
        let blame = Self.blame(exit: exit, crashLine: crashLine)
        // One test running when the process died did it; of several, nobody can tell which.
        if unfinished.count == 1 {
            setResult(own(blame, unfinished[0]), for: unfinished[0])
        } else if unfinished.count > 1 {
            suspects = Suspects(candidates: unfinished, blame: blame)
        }
        guard !unseen.isEmpty else { return }
        if attribution.madeProgress {
            retries.append(unseen)
        } else if unseen.count > 1 {
            retries += unseen.map { [$0] }
        } else {
            for id in unseen { setResult(blame, for: id) }
        }
    }

    /// A process `--timeout` ended before all its tests reported. A test that ran past the limit from its
    /// own start is `timedOut`, and only it: the others in flight and those not started get a fresh process.
    /// When a process-wide bound ran out, no test is blamed: the unfinished ones run again, each in a
    /// process of its own, where their own limit speaks; a test that never started is blamed only in a
    /// process of its own that made no progress at all (it would do the same again).
    private mutating func settle(
        _ timeLimit: TimeLimitExpiry, unfinished: [String], unseen: [String], madeProgress: Bool,
        catalog: TestCatalog, exit: ProcessExit
    ) {
        var rerun = unfinished
        if case .testsOverran(let references, let limit) = timeLimit {
            let candidates = catalog.index(of: catalog.coSelected(unfinished))
            let named = Set(references.compactMap { catalog.resolve($0, occurrence: 1, among: candidates) })
            var overran = unfinished.filter { named.contains($0) }
            if overran.isEmpty, unfinished.count == 1 { overran = unfinished }
            let blame = Self.overran(limit: limit)
            if overran.count == 1 {
                setResult(own(blame, overran[0]), for: overran[0])
                rerun.removeAll { $0 == overran[0] }
            } else {
                // Several ran past the limit together (a deadlock between them), or console names that do
                // not tell the tests in flight apart: each runs alone under its limit, and the one that
                // hangs alone is blamed.
                let candidates = overran.isEmpty ? unfinished : overran
                suspects = Suspects(candidates: candidates, blame: blame)
                rerun.removeAll { candidates.contains($0) }
            }
            if !(rerun + unseen).isEmpty { retries.append(rerun + unseen) }
            return
        }
        retries += rerun.map { [$0] }
        guard !unseen.isEmpty else { return }
        if madeProgress {
            retries.append(unseen)
        } else if unseen.count > 1 {
            retries += unseen.map { [$0] }
        } else {
            // Alone in its process, whose output showed nothing of it (it never started, or `swift test`
            // kept the output it would have printed): the bound of one test names this one.
            let seconds = String(format: "%.0f", exit.wallSeconds)
            let how =
                if case .silentWithoutTest = timeLimit {
                    "printed nothing for \(seconds) s without starting it"
                } else {
                    "was still running after \(seconds) s"
                }
            for id in unseen {
                setResult(
                    TestResult(
                        outcome: .timedOut,
                        failures: [FailureRecord(message: "timed out: its process, started for this test alone, " + how)]),
                    for: id)
            }
        }
    }

    /// Sets (or, with nil, takes away) `id`'s result.
    private mutating func setResult(_ result: TestResult?, for id: String) {
        if let position = position(of: id) {
            orderedResults[position] = result
        } else {
            unshownResults[id] = result
        }
    }

    /// `id`'s result so far.
    private mutating func result(of id: String) -> TestResult? {
        position(of: id).map { orderedResults[$0] } ?? unshownResults[id]
    }

    /// `id`'s place in `order`, if the output showed it.
    private mutating func position(of id: String) -> Int? {
        if positions == nil {
            positions = Dictionary(order.indices.map { (order[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return positions?[id]
    }

    /// `result`, with the failures the unfinished test `id` reported before its process ended after it.
    private func own(_ result: TestResult, _ id: String) -> TestResult {
        var result = result
        result.failures += unfinishedFailures[id] ?? []
        return result
    }

    /// The outcome of a test that ran past `--timeout` from its own start.
    package static func overran(limit: Double) -> TestResult {
        TestResult(
            outcome: .timedOut,
            failures: [
                FailureRecord(
                    message: "timed out: this test was still running \(String(format: "%g", limit)) s after it "
                        + "started (--timeout), and its process was killed")
            ])
    }

    /// Whether a process that ran to its last reported result ended in a way no result explains: a
    /// signal, the timeout, or a non-zero status when none of its tests failed (`explained`).
    static func endedBadly(_ exit: ProcessExit, explained: Bool) -> Bool {
        exit.signal != nil || exit.timedOut || (exit.exitCode.map { $0 != 0 } ?? false) && !explained
    }

    /// The process ended badly after `reported` tests had reported: one of them alone is blamed at once;
    /// several are suspects, run again each in a process of its own, and their results here do not count.
    private mutating func suspectAfterResults(_ reported: [String], exit: ProcessExit, crashLine: String?) {
        guard !reported.isEmpty else { return }
        let blame = Self.blame(exit: exit, crashLine: crashLine, afterItsResult: true)
        if reported.count == 1, var result = result(of: reported[0]) {
            result.outcome = blame.outcome
            result.failures += blame.failures
            setResult(result, for: reported[0])
            return
        }
        var suspicion = Suspects(candidates: reported, blame: blame, afterResults: true)
        for id in reported {
            suspicion.reported[id] = result(of: id)
            setResult(nil, for: id)
        }
        suspects = suspicion
    }

    /// The outcome and failure message of the test a process ended on; `afterItsResult` when the test had
    /// already reported its result (the crash came after it).
    package static func blame(exit: ProcessExit, crashLine: String?, afterItsResult: Bool = false) -> TestResult {
        if exit.timedOut {
            let limit = String(format: "%.0f", exit.wallSeconds)
            let when = afterItsResult ? ", after this test reported its result," : ""
            return TestResult(
                outcome: .timedOut,
                failures: [
                    FailureRecord(
                        message: "timed out: the process was still running\(when) after \(limit) s and was killed")
                ])
        }
        // A saved log shows no exit status: only that the output ended, or SwiftPM's word of a signal.
        let unknown =
            afterItsResult
            ? "the process crashed or was killed after this test reported its result"
            : "the output shows no end for this test: its process crashed or was killed while it ran"
        let how =
            exit.signal.map {
                "crashed \(afterItsResult ? "after reporting its result, with" : "with") signal "
                    + "\($0) (\(SignalName.name($0)))"
            }
            ?? exit.exitCode.map {
                "the process exited with status \($0) "
                    + (afterItsResult ? "after this test reported its result" : "while this test was running")
            } ?? unknown
        let message = crashLine.map { "\(how): \($0)" } ?? how
        return TestResult(outcome: .crashed, failures: [FailureRecord(message: message)])
    }
}
