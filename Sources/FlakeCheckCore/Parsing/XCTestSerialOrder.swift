/// The one XCTest test running in a process, and the rule that follows from XCTest running one test at a
/// time: between a test's start and end line, XCTest's own lines (`Test Case '…'`, `…: error: …`,
/// `… : Test skipped`) belong to that test and to no other.
///
/// A line that names another test is a print: a test of a log tool echoing XCTest output, or a test that
/// forges another test's result. Believing it once made an always-failing test `12/12 stable` and put its
/// real failure on a made-up `#2` test. A second end for the test that just ended is let through, so a
/// forged pass followed by the test's real failure still fails it (the transcript keeps the worse end).
///
/// xcodebuild's own lines (`Test case 'C.t()' passed on '…'`) have no start line; while no XCTest start
/// has been seen they are taken as they come.
struct XCTestSerialOrder: Sendable {
    private(set) var running: TestReference?
    private var lastEnded: TestReference?
    private var sawStart = false
    /// A start-of-run line came after the running test's start: the next start begins a new run.
    private var runStartedSince = false

    /// Whether `meaning`, read from `line`, may count.
    func admits(_ meaning: ConsoleLine, line: LineBytes) -> Bool {
        switch meaning {
        case .started(let reference, _) where reference.framework == .xctest:
            // A saved log's next run starts over even when its previous run died inside a test.
            return running == nil || runStartedSince
        case .runFinished(.xctest):
            // The library's summary comes after its last test ended, never inside one.
            return running == nil
        case .finished(let reference, let status, _) where reference.framework == .xctest:
            // xcodebuild names the test that took its runner down; that can only make a test worse.
            if status == .crashed { return true }
            return owns(reference, line: line)
        case .failure(let reference, _) where reference.framework == .xctest,
             .skipped(let reference, _, _) where reference.framework == .xctest:
            return owns(reference, line: line)
        default:
            return true
        }
    }

    private func owns(_ reference: TestReference, line: LineBytes) -> Bool {
        if let running { return running == reference }
        if reference == lastEnded || !sawStart { return true }
        // After XCTest's own starts, only xcodebuild's summary form (`Test case '…' passed on '…'`) stands
        // without one; XCTest's own forms do not.
        return !(line.hasPrefix("Test Case '") || line.contains(": error: ") || line.contains(" : Test skipped"))
    }

    /// Follows an admitted line.
    mutating func record(_ line: ConsoleLine) {
        switch line {
        case .started(let reference, _) where reference.framework == .xctest:
            running = reference
            sawStart = true
            runStartedSince = false
            lastEnded = nil
        case .finished(let reference, let status, _) where reference.framework == .xctest:
            // xcodebuild's `Restarting after … crash … in C.t()` names the test without its module.
            if running == reference || status == .crashed { running = nil }
            lastEnded = reference
        case .runStarted(.xctest):
            runStartedSince = running != nil
            lastEnded = nil
        case .sessionFinished:
            running = nil
            lastEnded = nil
        default:
            break
        }
    }
}
