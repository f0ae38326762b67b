import FlakeCheckModel
import FlakeCheckParsing

/// A saved log read as what it is: the output of test processes, written down. Each process's events go
/// into a `RunTranscript`, and when the process's output ends its tests are settled by the same engine
/// `run` uses for every process it starts (`InvocationAnalysis`), so the two cannot disagree. What only a
/// live run can do, run suspects again alone, a log cannot: suspects stay without a result and an incident
/// names them. Results come out process by process, so memory follows one process, not the log.
///
/// Where one process ends and the next begins, per library:
/// - its start-of-run line (`Test Suite 'All tests' started`, `Test run started.`, `Iteration 2 started.`)
///   after that library already showed tests: several `swift test` outputs concatenated, or Swift
///   Testing `--repetitions` before 6.4; the next process is the next run (iteration);
/// - an XCTest start while an XCTest test is still running: XCTest runs one test at a time, so that test's
///   process died, and xcodebuild restarted its runner to go on with the same run.
///
/// Within a process, a start that names its iteration (xcodebuild's `started (Iteration 2 of 3).`, Swift
/// Testing 6.4's `started (repetition 2).`) and a repeated macOS name are the test's next run
/// (`RunTranscript.Entry.iteration`); a Linux XCTest name repeated after a start-of-run line is another
/// test (`Class/method #2`), as in one run.
///
/// How a logged process ended is what its output says: its library's summary, or SwiftPM's line that it
/// died on a signal; nothing else (a log shows no exit status).
package struct SavedLogProcesses {
    /// One test's result in one iteration of the log (0-based).
    package struct Result: Sendable, Equatable {
        package var identity: TestIdentity
        /// The test's number in this log, from 0 in the order tests were first printed (`PrintedNameResolver`):
        /// one number per test ID, so a reader can keep its tallies in an array instead of hashing the ID of
        /// every result.
        package var test: Int
        package var iteration: Int
        package var result: TestResult
    }

    /// How many iterations the log held so far: one more than the highest iteration a result went to.
    package private(set) var iterations = 0
    /// What the log could not settle on its own, with the iteration (0-based) each belongs to.
    package private(set) var incidents: [(iteration: Int, incident: RunIncident)] = []

    private let catalog: TestCatalog?
    private var resolver: PrintedNameResolver
    /// How many of the catalog's Swift Testing tests print as each console name, where several do.
    private let sharedNames: [String: Int]
    /// XCTest's process, then Swift Testing's.
    private var processes: [LoggedProcess]

    /// One library's process as far as the log has shown it.
    private struct LoggedProcess {
        var transcript: RunTranscript
        /// The iteration its run is, in the log.
        var run = 0
        var sawRunStart = false
        /// SwiftPM said it died on this signal: later crash lines are another process's.
        var signal: Int32?
        /// The runtime's crash words printed while one of its tests ran, and while none did.
        var crashLine: String?
        var crashLineAfterResults: String?
        /// The IDs that got a result in its run so far, when a catalog can say which tests it never reached.
        var reported: Set<String> = []
        /// Whether an earlier process of the same run (before an xcodebuild restart) showed tests.
        var runHasTests = false
    }

    /// `catalog` (from the package's test binary) turns printed names into the IDs `run` uses.
    package init(catalog: TestCatalog? = nil) {
        self.catalog = catalog
        let catalog = catalog ?? TestCatalog([])
        resolver = PrintedNameResolver(catalog: catalog)
        var shared: [String: Int] = [:]
        for test in catalog.tests where test.framework == .swiftTesting {
            shared[test.displayName.map { "\"\($0)\"" } ?? test.name, default: 0] += 1
        }
        sharedNames = shared.filter { $0.value > 1 }
        processes = [
            LoggedProcess(transcript: RunTranscript(sharedNames: sharedNames)),
            LoggedProcess(transcript: RunTranscript(sharedNames: sharedNames)),
        ]
    }

    package mutating func record(_ event: TestEvent, emit: (Result) -> Void) {
        switch event {
        case .runStarted(let framework):
            let slot = Self.slot(framework)
            if !processes[slot].transcript.entries.isEmpty || processes[slot].runHasTests {
                endRun(of: framework, emit: emit)
            }
            processes[slot].sawRunStart = true
            processes[slot].transcript.record(event)
        case .started(let reference), .iterationStarted(let reference, _):
            if reference.framework == .xctest, processes[0].transcript.runningXCTest > 0 {
                endProcess(0, restarted: true, emit: emit)
            }
            processes[Self.slot(reference.framework)].transcript.record(event)
        case .crashReported(let line):
            for slot in processes.indices where processes[slot].signal == nil {
                if processes[slot].transcript.running > 0 {
                    processes[slot].crashLine = line
                } else if !processes[slot].transcript.entries.isEmpty {
                    processes[slot].crashLineAfterResults = line
                }
            }
        case .processDied(let framework, let signal):
            processes[Self.slot(framework)].signal = signal
        case .issue(let reference, _), .finished(let reference, _, _), .skipReason(let reference, _):
            processes[Self.slot(reference.framework)].transcript.record(event)
        case .runFinished(let framework), .runCounted(let framework, _):
            processes[Self.slot(framework)].transcript.record(event)
        case .declared:
            break
        }
    }

    /// The log ended: every process's output ends here.
    package mutating func finish(emit: (Result) -> Void) {
        for framework in TestFramework.allCases { endRun(of: framework, emit: emit) }
    }

    private static func slot(_ framework: TestFramework) -> Int { framework == .xctest ? 0 : 1 }

    /// The library's run is over: its process is settled, the tests a dead run never reached are said, and
    /// the next process is the next run.
    private mutating func endRun(of framework: TestFramework, emit: (Result) -> Void) {
        let slot = Self.slot(framework)
        let ranToEnd = processes[slot].transcript.finishedFrameworks.contains(framework)
        let highest = endProcess(slot, restarted: false, emit: emit)
        if !ranToEnd, processes[slot].runHasTests { reportUnreached(framework, emit: emit) }
        let next = processes[slot].runHasTests ? max(processes[slot].run, highest) + 1 : processes[slot].run
        processes[slot] = LoggedProcess(
            transcript: transcript(after: processes[slot], of: framework), run: next, sawRunStart: processes[slot].sawRunStart)
    }

    /// The process's output ended (at the run's end, or where xcodebuild restarted its runner): each of its
    /// iterations is settled by `InvocationAnalysis`. Returns the highest iteration it reached.
    @discardableResult
    private mutating func endProcess(_ slot: Int, restarted: Bool, emit: (Result) -> Void) -> Int {
        let process = processes[slot]
        let framework: TestFramework = slot == 0 ? .xctest : .swiftTesting
        var highest = process.run
        if !process.transcript.entries.isEmpty {
            highest = settle(process, framework: framework, restarted: restarted, emit: emit)
            processes[slot].runHasTests = true
        }
        if restarted {
            // The run goes on in a new process: same iteration, and what it reported so far still counts.
            processes[slot].transcript = transcript(after: process, of: framework)
            processes[slot].signal = nil
            processes[slot].crashLine = nil
            processes[slot].crashLineAfterResults = nil
        }
        return highest
    }

    /// An empty transcript for `framework`'s process after `process`, sized like its.
    private func transcript(after process: LoggedProcess, of framework: TestFramework) -> RunTranscript {
        var transcript = RunTranscript(sharedNames: sharedNames, sawRunStart: process.sawRunStart ? [framework] : [])
        transcript.reserveCapacity(like: process.transcript)
        return transcript
    }

    /// Splits a process's entries by iteration and settles each as a process of its own: an iteration with
    /// the process's last test, or with a test still running, carries the process's end (its summary, its
    /// signal); the others ran on to the next.
    private mutating func settle(
        _ process: LoggedProcess, framework: TestFramework, restarted: Bool, emit: (Result) -> Void
    ) -> Int {
        let all = process.transcript.entries
        // One iteration (most processes): its entries as they stand, the process's end its own.
        var byIteration = [all]
        // Per iteration, whether it carries the process's end. (Checked by index: `allSatisfy` over the
        // entries themselves copied each one.)
        var carriesEnd = [true]
        if !all.indices.allSatisfy({ all[$0].iteration == 0 }) {
            byIteration = []
            carriesEnd = []
            // Within an iteration a name's tests are numbered afresh: its repeats in other iterations are the
            // same test run again.
            var occurrences: [[TestReference: Int]] = []
            for var entry in all {
                let iteration = entry.iteration
                while byIteration.count <= iteration {
                    byIteration.append([])
                    occurrences.append([:])
                    carriesEnd.append(false)
                }
                occurrences[iteration][entry.reference, default: 0] += 1
                entry.occurrence = occurrences[iteration][entry.reference]!
                if entry.status == nil { carriesEnd[iteration] = true }
                byIteration[iteration].append(entry)
            }
            if let last = all.last?.iteration { carriesEnd[last] = true }
        }
        let ended = ProcessExit(exitCode: nil, signal: process.signal, wallSeconds: 0)
        let ranOn = ProcessExit(exitCode: nil, signal: nil, wallSeconds: 0)
        for (index, entries) in byIteration.enumerated() where !entries.isEmpty {
            let carries = carriesEnd[index]
            // The summary counts the whole process's tests: it is checked where the process ran one iteration.
            let transcript = RunTranscript(
                entries: entries,
                finishedFrameworks: !carries ? [framework] : restarted ? [] : process.transcript.finishedFrameworks,
                sameNameIssues: process.transcript.sameNameIssues,
                summaryCounts: byIteration.count == 1 ? process.transcript.summaryCounts : [:])
            let analysis = InvocationAnalysis(
                testIDs: [], frameworks: [framework], exit: carries ? ended : ranOn, console: transcript,
                eventStream: nil, resolver: &resolver, crashLine: carries ? process.crashLine : nil)
            take(analysis, iteration: process.run + index, framework: framework, process: process, emit: emit)
        }
        return process.run + byIteration.count - 1
    }

    /// One iteration's settlement: its results, and what a log cannot settle as incidents.
    private mutating func take(
        _ analysis: InvocationAnalysis, iteration: Int, framework: TestFramework, process: LoggedProcess,
        emit: (Result) -> Void
    ) {
        var results = analysis.orderedResults
        for shortfall in analysis.summaryShortfalls {
            incidents.append((iteration, RunIncident(kind: .lostResults, candidates: [], cause: shortfall)))
        }
        for ambiguity in analysis.ambiguities {
            incidents.append(
                (
                    iteration,
                    RunIncident(
                        kind: .ambiguousResults, candidates: ambiguity.ids,
                        cause: .indistinguishable(printedName: ambiguity.printedName, ends: ambiguity.ends))
                ))
        }
        if let suspects = analysis.suspects {
            // The suspects are settled again here, found by their place in `order`.
            var positions: [String: Int] = [:]
            for (position, test) in analysis.order.enumerated() where positions[test.id] == nil {
                positions[test.id] = position
            }
            if suspects.afterResults {
                // Each reported, then the process died: none ended well, so none passed; a failure it
                // showed still counts. The incident fails the gate.
                for id in suspects.candidates {
                    let own = suspects.reported[id] ?? TestResult(outcome: .notRun)
                    guard let position = positions[id] else { continue }
                    results[position] = own.outcome.isFailure ? own : TestResult(outcome: .notRun, failures: own.failures)
                }
                let words =
                    process.crashLineAfterResults.map { "the process crashed (\($0))" }
                    ?? "the process crashed or was killed"
                incidents.append(
                    (
                        iteration,
                        RunIncident(
                            kind: .crash, candidates: suspects.candidates,
                            cause: .endedAfterResults(failure: words, reported: suspects.candidates.count))
                    ))
            } else {
                for id in suspects.candidates {
                    guard let position = positions[id] else { continue }
                    results[position] = TestResult(outcome: .notRun, failures: analysis.unfinishedFailures[id] ?? [])
                }
                incidents.append(
                    (
                        iteration,
                        RunIncident(
                            kind: .crash, candidates: suspects.candidates,
                            cause: .diedWhileRunning(crashLine: process.crashLine, running: suspects.candidates.count))
                    ))
            }
        }
        let slot = Self.slot(framework)
        for (test, result) in zip(analysis.order, results) {
            guard let result else { continue }
            iterations = max(iterations, iteration + 1)
            if catalog != nil, iteration == processes[slot].run, result.outcome != .notRun {
                processes[slot].reported.insert(test.id)
            }
            emit(
                Result(
                    identity: resolver.identities[test.index], test: test.index, iteration: iteration, result: result))
        }
    }

    /// A run that died (no end-of-run summary) never reached some of the catalog's tests: each is not run
    /// in that iteration, and an incident says so, since the log cannot tell whether they were selected.
    private mutating func reportUnreached(_ framework: TestFramework, emit: (Result) -> Void) {
        let slot = Self.slot(framework)
        guard let catalog else { return }
        let missing = catalog.tests.filter { $0.framework == framework && !processes[slot].reported.contains($0.id) }
        guard !missing.isEmpty else { return }
        let iteration = processes[slot].run
        for identity in missing {
            emit(
                Result(
                    identity: identity, test: resolver.test(identity).index, iteration: iteration,
                    result: TestResult(outcome: .notRun)))
        }
        iterations = max(iterations, iteration + 1)
        incidents.append(
            (
                iteration,
                RunIncident(
                    kind: .lostResults, candidates: missing.map(\.id),
                    cause: .logEndedEarly(framework: framework, missing: missing.count))
            ))
    }


}
