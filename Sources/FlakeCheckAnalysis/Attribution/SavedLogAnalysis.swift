import FlakeCheckModel
import FlakeCheckParsing

/// Reads the events of one saved log that may hold many runs of the same tests, and gives each test one
/// result per run (iteration) as soon as that result is known, so memory stays flat however long the log.
///
/// Where one run ends and the next begins:
/// - a framework's start-of-run line (`Test Suite 'All tests' started`, `Test run started.`,
///   `Iteration 2 started.`) after that framework already showed tests: several `swift test` outputs
///   concatenated, or Swift Testing `--repetitions` before 6.4;
/// - a start that names its iteration: xcodebuild's `started (Iteration 2 of 3).` (`-test-iterations`,
///   `-retry-tests-on-failure`, `-run-tests-until-failure`) and Swift Testing 6.4's `started (repetition 2).`;
/// - an XCTest name that repeats: macOS prints `-[Module.Class method]`, unique, so a repeat is the next
///   iteration. Linux prints `Class.method`, and two modules' classes can share it, so once a start-of-run
///   line has been seen, a repeat before the next one is another test (`Class/method #2`), as in one run.
///
/// A test with no end when its framework's next run starts (or the log ends) crashed, unless the framework
/// printed its end-of-run summary, which makes its result lost (`notRun`): never a pass.
package struct SavedLogAnalysis {
    /// One test's result in one iteration of the log (0-based).
    package struct Result: Sendable, Equatable {
        package var identity: TestIdentity
        /// The test's number in this log, from 0 in the order tests first reported: one number per test ID,
        /// so a reader can keep its tallies in an array instead of hashing the ID of every result.
        package var test: Int
        package var iteration: Int
        package var result: TestResult
    }

    /// How many iterations the log held so far: one more than the highest iteration a result went to.
    package private(set) var iterations = 0
    /// What the log could not settle on its own, with the iteration (0-based) each belongs to.
    package internal(set) var incidents: [(iteration: Int, incident: RunIncident)] = []

    let catalog: TestCatalog?
    let candidates: TestCatalog.CandidateIndex
    /// XCTest's, then Swift Testing's.
    var states = [FrameworkState(), FrameworkState()]
    /// Everything known about each printed name, found through one lookup per event.
    var names: [NameState] = []
    private var nameIndex: [TestReference: Int] = [:]
    /// `names` indices by the parser's number for a name (`TestReference.number`), -1 where not yet seen:
    /// the lookup every event makes, without hashing the name.
    private var nameIndexByNumber: [Int] = []
    /// Each test ID's number (`Result.test`).
    private var testNumbers: [String: Int] = [:]

    /// `catalog` (from the package's test binary) turns printed names into the IDs `run` uses.
    package init(catalog: TestCatalog? = nil) {
        self.catalog = catalog
        self.candidates = catalog.map { $0.index(of: $0.tests.map(\.id)) } ?? TestCatalog.CandidateIndex()
    }

    package mutating func record(_ event: TestEvent, emit: (Result) -> Void) {
        switch event {
        case .runStarted(let framework):
            if states[Self.slot(framework)].hasTests { endRun(of: framework, emit: emit) }
            states[Self.slot(framework)].sawRunStart = true
        case .started(let reference):
            start(index(of: reference), iteration: nil, emit: emit)
        case .iterationStarted(let reference, let iteration):
            start(index(of: reference), iteration: iteration, emit: emit)
        case .issue(let reference, let failure):
            let name = index(of: reference)
            if names[name].group != nil {
                names[name].group?.issues.append(failure)
            } else if !names[name].running.isEmpty {
                names[name].running.updateFirst { $0.failures.append(failure) }
            } else if let iteration = names[name].latestIteration {
                // Reported after its end line: the same run's result, now failed (results of one test in one
                // run are merged, worst outcome first).
                emitResult(
                    name, iteration: iteration, occurrence: names[name].occurrences,
                    TestResult(outcome: .failed, failures: [failure]), emit: emit)
            } else {
                names[name].pendingIssues.append(failure)
            }
        case .finished(let reference, let status, let duration):
            let name = index(of: reference)
            if names[name].group != nil {
                names[name].group?.ends.append(SameNameGroup.End(status: status, duration: duration))
                settleGroupIfEnded(name, emit: emit)
                return
            }
            if names[name].running.isEmpty {
                // The rule `RunTranscript` follows: a second end of a test that ended in this run counts
                // (the worse stands), whether or not starts were printed yet, so no made-up `#2` passes; an
                // end for a test that never started, in output that prints starts, is a print; only skips
                // and start-less output (xcodebuild, where a repeated name is the next iteration) make an
                // entry from an end.
                let library = Self.slot(reference.framework)
                if status != .skipped, let iteration = names[name].latestIteration,
                    iteration >= states[library].iteration,
                    states[library].startsPrinted
                        || !Self.repeatsAreIterations(reference, sawRunStart: states[library].sawRunStart)
                {
                    emitResult(
                        name, iteration: iteration, occurrence: names[name].occurrences,
                        TestResult(outcome: TestOutcome(status), duration: duration), emit: emit)
                    return
                }
                if status != .skipped, states[library].startsPrinted { return }
                start(name, iteration: nil, fromEnd: true, emit: emit)
            }
            let entry = names[name].running.popFirst()!
            if names[name].running.isEmpty { states[Self.slot(reference.framework)].running.ended(name) }
            emitResult(
                name, iteration: entry.iteration, occurrence: entry.occurrence,
                TestResult(
                    outcome: TestOutcome(status), duration: duration,
                    failures: entry.failures, skipReason: entry.skipReason), emit: emit)
        case .skipReason(let reference, let reason):
            let name = index(of: reference)
            if names[name].running.isEmpty {
                names[name].pendingSkipReason = reason
            } else {
                names[name].running.updateFirst { $0.skipReason = reason }
            }
        case .runFinished(let framework):
            states[Self.slot(framework)].printedSummary = true
        case .crashReported(let line):
            // A library whose process SwiftPM already said died keeps its own crash's words.
            for framework in TestFramework.allCases where !states[Self.slot(framework)].died {
                if !states[Self.slot(framework)].running.isEmpty {
                    states[Self.slot(framework)].crashLine = line
                } else if states[Self.slot(framework)].hasTests {
                    states[Self.slot(framework)].crashLineAfterResults = line
                }
            }
        case .processDied(let framework):
            states[Self.slot(framework)].died = true
        case .declared:
            break
        }
    }

    /// The log ended: what is still running did not finish.
    package mutating func finish(emit: (Result) -> Void) {
        for framework in TestFramework.allCases { endRun(of: framework, emit: emit) }
    }

    /// Where a library's state is in `states`. The state is changed in place there: a copy would copy its
    /// lists on every change (`running` holds every Swift Testing test of a run at once), and a
    /// `_read`/`_modify` subscript cost a coroutine call per access, several per event.
    static func slot(_ framework: TestFramework) -> Int { framework == .xctest ? 0 : 1 }

    private mutating func index(of reference: TestReference) -> Int {
        guard let number = reference.number else { return indexByName(reference) }
        if number < nameIndexByNumber.count, nameIndexByNumber[number] >= 0 { return nameIndexByNumber[number] }
        if number >= nameIndexByNumber.count {
            nameIndexByNumber.append(contentsOf: repeatElement(-1, count: number + 1 - nameIndexByNumber.count))
        }
        nameIndexByNumber[number] = indexByName(reference)
        return nameIndexByNumber[number]
    }

    private mutating func indexByName(_ reference: TestReference) -> Int {
        if let index = nameIndex[reference] { return index }
        names.append(NameState(reference: reference))
        nameIndex[reference] = names.count - 1
        return names.count - 1
    }

    private mutating func start(_ name: Int, iteration explicit: Int?, fromEnd: Bool = false, emit: (Result) -> Void) {
        let reference = names[name].reference
        // XCTest runs one test at a time: a test still running when the next starts never ended
        // (xcodebuild restarts the runner after a crash and goes on with the next test).
        if reference.framework == .xctest { settleRunning(of: .xctest, emit: emit) }
        let library = Self.slot(reference.framework)
        // Scalars, not a copy of the state: a copy alive while `running` changes would copy its lists.
        let runIteration = states[library].iteration
        let iteration: Int
        if let explicit {
            iteration = runIteration + max(explicit, 1) - 1
        } else if Self.repeatsAreIterations(reference, sawRunStart: states[library].sawRunStart) {
            iteration = max(runIteration, (names[name].latestIteration ?? -1) + 1)
        } else {
            iteration = runIteration
        }
        names[name].occurrences = names[name].latestIteration == iteration ? names[name].occurrences + 1 : 1
        names[name].latestIteration = iteration
        // Swift Testing runs tests in parallel: a second start of a name before the first ended is another
        // test printed alike, and from here on which end is whose is decided from evidence. So is a name the
        // catalog holds several tests of, even when they did not overlap: Swift Testing may run the second
        // suite's first, so the order of their starts does not say which is which.
        if reference.framework == .swiftTesting, !names[name].running.isEmpty || testsSharing(name) > 1,
            names[name].group == nil
        {
            // Issues so far went to the one test of this name then running, but its start line did not say
            // which declared test that is (Swift Testing may start the second suite first): they are placed
            // with the rest, by location, or not at all.
            var group = SameNameGroup()
            names[name].running.updateAll { running in
                group.issues += running.failures
                running.failures = []
            }
            names[name].group = group
        }
        let wasIdle = names[name].running.isEmpty
        names[name].running.append(
            Running(
                iteration: iteration, occurrence: names[name].occurrences,
                failures: names[name].pendingIssues, skipReason: names[name].pendingSkipReason))
        names[name].pendingIssues = []
        names[name].pendingSkipReason = nil
        states[library].running.started(name, wasIdle: wasIdle)
        states[library].hasTests = true
        if !fromEnd { states[library].startsPrinted = true }
        states[library].highestIteration = max(states[library].highestIteration, iteration)
    }

    /// Whether a name seen again is the next iteration of the same test rather than another test printed
    /// alike: XCTest names, unless Linux prints them (module-less) within a run's start and end; and
    /// xcodebuild's `Suite/function()` for Swift Testing, where console names elsewhere are bare functions.
    private static func repeatsAreIterations(_ reference: TestReference, sawRunStart: Bool) -> Bool {
        switch reference.framework {
        case .xctest: reference.isQualified || !sawRunStart
        case .swiftTesting: !sawRunStart && !reference.name.hasPrefix("\"") && reference.name.contains("/")
        }
    }

    mutating func emitResult(
        _ name: Int, iteration: Int, occurrence: Int, _ result: TestResult,
        emit: (Result) -> Void
    ) {
        iterations = max(iterations, iteration + 1)
        let framework = names[name].reference.framework
        if iteration == states[Self.slot(framework)].iteration, result.outcome != .notRun {
            states[Self.slot(framework)].reportedInOrder.append((name, occurrence))
        }
        let (identity, test) = numberedIdentity(name, occurrence: occurrence)
        if catalog != nil {
            if iteration == states[Self.slot(framework)].iteration {
                states[Self.slot(framework)].reported.insert(identity.id)
            }
        }
        emit(Result(identity: identity, test: test, iteration: iteration, result: result))
    }

    /// The identity of a name's `occurrence`-th test in a run, worked out once.
    mutating func identity(_ name: Int, occurrence: Int) -> TestIdentity {
        numberedIdentity(name, occurrence: occurrence).identity
    }

    private mutating func numberedIdentity(_ name: Int, occurrence: Int) -> (identity: TestIdentity, test: Int) {
        while names[name].identities.count < occurrence {
            let identity = identity(of: names[name].reference, occurrence: names[name].identities.count + 1)
            names[name].identities.append((identity, testNumber(of: identity.id)))
        }
        return names[name].identities[occurrence - 1]
    }

    /// Two printed names can resolve to one test of the catalog, which keeps one number.
    mutating func testNumber(of id: String) -> Int {
        if let number = testNumbers[id] { return number }
        testNumbers[id] = testNumbers.count
        return testNumbers.count - 1
    }

    private func identity(of reference: TestReference, occurrence: Int) -> TestIdentity {
        if let catalog, let id = catalog.resolve(reference, occurrence: occurrence, among: candidates),
            let identity = catalog[id]
        {
            return identity
        }
        return TestIdentity(
            canonicalID: TestCatalog.printedID(of: reference, occurrence: occurrence),
            framework: reference.framework)
    }
}
