import FlakeCheckModel

/// The one XCTest test running in a process, and the rule that follows from XCTest running one test at a
/// time: between a test's start and end line, XCTest's own lines (`Test Case '…'`, `…: error: …`,
/// `… : Test skipped`) belong to that test and to no other.
///
/// A line that names another test is a print: a test of a log tool echoing XCTest output, or a test that
/// forges another test's result. Believing it once made an always-failing test `12/12 stable` and put its
/// real failure on a made-up `#2` test. A second end for the test that just ended is let through, so a
/// forged pass followed by the test's real failure still fails it (the transcript keeps the worse end).
///
/// A test may also run the test binary again as a child process that selects the same test, with its
/// output inherited (OpenCombine's `assertCrashes`, swift-corelibs-foundation's crash tests). The child's
/// lines arrive inside the running test: its start-of-run line, the same test's start, end and failures,
/// its summary. They are the running test's output and decide nothing. Each start of the running test
/// opens a child; an end while a child is open closes it and is held back. The test's own end is the first
/// end with no child open; when a child died without its end (the usual case: it was expected to crash),
/// the last end held back is the test's own, released when the next test starts or the run ends.
///
/// xcodebuild's own lines (`Test case 'C.t()' passed on '…'`) have no start line; while no XCTest start
/// has been seen they are taken as they come.
struct XCTestSerialOrder: Sendable {
    /// What to do with a line.
    enum Route: Equatable {
        /// It counts, as it is.
        case count
        /// Output of the running test (a print, or a child process's line): it decides nothing.
        case output
        /// It counts, after `first`: the running test's own end, held back while a child's start was open,
        /// or a start-of-run line held back while it could have been a child's.
        case countAfter(first: ConsoleLine)
    }

    private(set) var running: TestReference?
    private var lastEnded: TestReference?
    private var sawStart = false
    /// A start-of-run line came after the running test's start: the next start of another test begins a
    /// new run (a saved log whose previous run died inside a test), or a child ran other tests.
    private var runStartedSince = false
    /// Starts of the running test printed by child processes, not yet matched by an end.
    private var openChildren = 0
    /// A child's start-of-run line inside the running test, whose summary has not come yet.
    private var childRunOpen = false
    /// The latest end of the running test seen while a child was open: the test's own end if no later
    /// end comes before the test is left.
    private var heldEnd: ConsoleLine?
    /// SwiftPM said the process died (`error: Process '…' exited with unexpected signal code 6`).
    private var processDied = false

    /// Decides what `meaning`, read from `line`, is, and follows it.
    mutating func route(_ meaning: ConsoleLine, line: LineBytes) -> Route {
        switch meaning {
        case .started(let reference, let iteration) where reference.framework == .xctest:
            return routeStart(reference, iteration: iteration)
        case .finished(let reference, let status, _) where reference.framework == .xctest:
            return routeEnd(meaning, reference: reference, status: status, line: line)
        case .failure(let reference, _) where reference.framework == .xctest,
            .skipped(let reference, _, _) where reference.framework == .xctest:
            // A child's failure of the same test is its output: the test's own end says how it went.
            if running == reference, openChildren > 0 { return .output }
            return owns(reference, line: line) ? .count : .output
        case .runStarted(.xctest):
            // Inside a test, a run of selected tests is a child's (it names the test it runs again); a run of
            // all tests, or one after SwiftPM said the process died, is the next process of a saved log.
            if running != nil, !processDied, !line.hasPrefix("Test Suite 'All tests' ") {
                runStartedSince = true
                childRunOpen = true
                return .output
            }
            clearRunning()
            processDied = false
            lastEnded = nil
            return .count
        case .processDied(.xctest, _):
            // SwiftPM's word that the test process died: the next start-of-run line is a new process's, not a
            // child's (the dead process's last lines may still follow it).
            processDied = true
            return .count
        case .runFinished(.xctest, _):
            // The library's summary comes after its last test ended, never inside one: inside one it is a
            // child's, unless the test's own end was held back (its child died without an end).
            guard running != nil else { return .count }
            if childRunOpen {
                childRunOpen = false
                runStartedSince = false
                return .output
            }
            guard let held = leaveRunningTest() else { return .output }
            return .countAfter(first: held)
        case .sessionFinished:
            defer { clearRunning(); lastEnded = nil }
            guard let held = leaveRunningTest() else { return .count }
            return .countAfter(first: held)
        default:
            return .count
        }
    }

    /// The end to report for the running test when its process's output ends.
    mutating func endOfOutput() -> ConsoleLine? {
        leaveRunningTest()
    }

    private mutating func routeStart(_ reference: TestReference, iteration: Int?) -> Route {
        guard let current = running else {
            begin(reference)
            return .count
        }
        if current == reference, iteration == nil {
            // The running test started again without having ended: a child process runs it.
            openChildren += 1
            return .output
        }
        if let held = leaveRunningTest() {
            begin(reference)
            return .countAfter(first: held)
        }
        // A saved log's next run starts over even when its previous run died inside a test (its start-of-run
        // line, held back as a possible child's, counts now); xcodebuild names its iterations.
        if iteration != nil {
            begin(reference)
            return .count
        }
        guard runStartedSince else { return .output }
        begin(reference)
        return .countAfter(first: .runStarted(.xctest))
    }

    private mutating func routeEnd(
        _ meaning: ConsoleLine, reference: TestReference, status: FinishStatus,
        line: LineBytes
    ) -> Route {
        // xcodebuild names the test that took its runner down; that can only make a test worse.
        if status == .crashed {
            clearRunning()
            lastEnded = reference
            return .count
        }
        if running == reference {
            if openChildren > 0 {
                openChildren -= 1
                heldEnd = meaning
                return .output
            }
            clearRunning()
            lastEnded = reference
            return .count
        }
        guard owns(reference, line: line) else { return .output }
        lastEnded = reference
        return .count
    }

    private func owns(_ reference: TestReference, line: LineBytes) -> Bool {
        if let running { return running == reference }
        if reference == lastEnded || !sawStart { return true }
        // After XCTest's own starts, only xcodebuild's summary form (`Test case '…' passed on '…'`) stands
        // without one; XCTest's own forms do not.
        return !(line.hasPrefix("Test Case '") || line.contains(": error: ") || line.contains(" : Test skipped"))
    }

    private mutating func begin(_ reference: TestReference) {
        clearRunning()
        running = reference
        sawStart = true
        runStartedSince = false
        lastEnded = nil
    }

    /// Leaves the running test when the next test starts or the run ends: its held-back end, if any, is
    /// its own. Without one the test stays running (it never ended).
    private mutating func leaveRunningTest() -> ConsoleLine? {
        guard let held = heldEnd, let current = running else { return nil }
        clearRunning()
        lastEnded = current
        return held
    }

    private mutating func clearRunning() {
        running = nil
        openChildren = 0
        childRunOpen = false
        heldEnd = nil
    }
}
