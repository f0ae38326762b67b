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
public struct SavedLogAnalysis {
    /// One test's result in one iteration of the log (0-based).
    public struct Result: Sendable, Equatable {
        public var identity: TestIdentity
        public var iteration: Int
        public var result: TestResult
    }

    /// How many iterations the log held so far: one more than the highest iteration a result went to.
    public private(set) var iterations = 0

    private let catalog: TestCatalog?
    private let candidates: TestCatalog.CandidateIndex
    private var frameworks: [TestFramework: FrameworkState] = [:]
    /// The iteration each name's newest start went to: where its end and issues belong.
    private var latestIteration: [TestReference: Int] = [:]
    /// How often a name started in its newest iteration, for names that repeat within one run.
    private var occurrences: [TestReference: (iteration: Int, count: Int)] = [:]
    private var running: [TestReference: [Running]] = [:]
    private var pendingIssues: [TestReference: [FailureRecord]] = [:]
    private var unknownIdentities: [String: TestIdentity] = [:]

    private struct FrameworkState {
        /// The iteration start-of-run lines have reached.
        var iteration = 0
        var sawRunStart = false
        var hasTests = false
        var highestIteration = 0
        var printedSummary = false
        var crashLine: String?
    }

    private struct Running {
        var iteration: Int
        var occurrence: Int
        var failures: [FailureRecord]
    }

    /// `catalog` (from the package's test binary) turns printed names into the IDs `run` uses.
    public init(catalog: TestCatalog? = nil) {
        self.catalog = catalog
        self.candidates = catalog.map { $0.index(of: $0.tests.map(\.id)) } ?? TestCatalog.CandidateIndex()
    }

    public mutating func record(_ event: TestEvent, emit: (Result) -> Void) {
        switch event {
        case .runStarted(let framework):
            if frameworks[framework]?.hasTests == true { endRun(of: framework, emit: emit) }
            frameworks[framework, default: FrameworkState()].sawRunStart = true
        case .started(let reference):
            start(reference, iteration: nil, emit: emit)
        case .iterationStarted(let reference, let iteration):
            start(reference, iteration: iteration, emit: emit)
        case .issue(let reference, let failure):
            if running[reference]?.isEmpty == false {
                running[reference]![0].failures.append(failure)
            } else if let iteration = latestIteration[reference], let occurrence = occurrences[reference] {
                // Reported after its end line: the same run's result, now failed (results of one test in one
                // run are merged, worst outcome first).
                emitResult(reference, iteration: iteration, occurrence: occurrence.count,
                           TestResult(outcome: .failed, failures: [failure]), emit: emit)
            } else {
                pendingIssues[reference, default: []].append(failure)
            }
        case .finished(let reference, let status, let duration):
            if running[reference]?.isEmpty != false { start(reference, iteration: nil, emit: emit) }
            let entry = running[reference]!.removeFirst()
            if running[reference]!.isEmpty { running[reference] = nil }
            emitResult(reference, iteration: entry.iteration, occurrence: entry.occurrence,
                       TestResult(outcome: InvocationAnalysis.outcome(status), duration: duration,
                                  failures: entry.failures), emit: emit)
        case .runFinished(let framework):
            frameworks[framework, default: FrameworkState()].printedSummary = true
        case .crashReported(let line):
            for framework in frameworks.keys where running.keys.contains(where: { $0.framework == framework }) {
                frameworks[framework]!.crashLine = line
            }
        case .declared:
            break
        }
    }

    /// The log ended: what is still running did not finish.
    public mutating func finish(emit: (Result) -> Void) {
        for framework in frameworks.keys.sorted(by: { $0.rawValue < $1.rawValue }) { endRun(of: framework, emit: emit) }
    }

    private mutating func start(_ reference: TestReference, iteration explicit: Int?, emit: (Result) -> Void) {
        var state = frameworks[reference.framework] ?? FrameworkState()
        let latest = latestIteration[reference]
        let iteration: Int
        if let explicit {
            iteration = state.iteration + max(explicit, 1) - 1
        } else if reference.framework == .xctest, reference.isQualified || !state.sawRunStart {
            iteration = max(state.iteration, (latest ?? -1) + 1)
        } else {
            iteration = state.iteration
        }
        // XCTest runs one test at a time: a test still running when the next starts never ended
        // (xcodebuild restarts the runner after a crash and goes on with the next test).
        if reference.framework == .xctest {
            for (other, entries) in running where other.framework == .xctest {
                for entry in entries { emitUnfinished(other, entry, state: state, emit: emit) }
                running[other] = nil
            }
        }
        let previous = occurrences[reference]
        let occurrence = previous?.iteration == iteration ? previous!.count + 1 : 1
        occurrences[reference] = (iteration, occurrence)
        latestIteration[reference] = iteration
        state.hasTests = true
        state.highestIteration = max(state.highestIteration, iteration)
        frameworks[reference.framework] = state
        running[reference, default: []].append(Running(
            iteration: iteration, occurrence: occurrence, failures: pendingIssues.removeValue(forKey: reference) ?? []))
    }

    /// The framework's run is over: its unfinished tests get their outcome, and the next run begins.
    private mutating func endRun(of framework: TestFramework, emit: (Result) -> Void) {
        guard var state = frameworks[framework] else { return }
        for (reference, entries) in running where reference.framework == framework {
            for entry in entries { emitUnfinished(reference, entry, state: state, emit: emit) }
            running[reference] = nil
        }
        let next = state.hasTests ? max(state.iteration, state.highestIteration) + 1 : state.iteration
        state = FrameworkState(iteration: next, sawRunStart: state.sawRunStart, highestIteration: next)
        frameworks[framework] = state
    }

    private mutating func emitUnfinished(_ reference: TestReference, _ entry: Running, state: FrameworkState,
                                         emit: (Result) -> Void) {
        let result: TestResult
        if state.printedSummary {
            result = TestResult(outcome: .notRun, failures: entry.failures)
        } else {
            let how = "the log shows no end for this test: its process crashed or was killed while it ran"
            result = TestResult(outcome: .crashed, failures: entry.failures
                + [FailureRecord(message: state.crashLine.map { "\(how): \($0)" } ?? how)])
        }
        emitResult(reference, iteration: entry.iteration, occurrence: entry.occurrence, result, emit: emit)
    }

    private mutating func emitResult(_ reference: TestReference, iteration: Int, occurrence: Int, _ result: TestResult,
                                     emit: (Result) -> Void) {
        iterations = max(iterations, iteration + 1)
        emit(Result(identity: identity(of: reference, occurrence: occurrence), iteration: iteration, result: result))
    }

    private mutating func identity(of reference: TestReference, occurrence: Int) -> TestIdentity {
        if let catalog, let id = catalog.resolve(reference, occurrence: occurrence, among: candidates),
           let identity = catalog[id] {
            return identity
        }
        let id = InvocationAnalysis.printedID(of: reference, occurrence: occurrence)
        if let known = unknownIdentities[id] { return known }
        let identity = TestIdentity(canonicalID: id, framework: reference.framework)
        unknownIdentities[id] = identity
        return identity
    }
}
