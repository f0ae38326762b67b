import FlakeCheckModel

/// Streaming parser for the console text of a test process: XCTest and Swift Testing lines, in any mix
/// and any interleaving, fed as raw bytes in whatever chunks the pipe delivers.
///
/// Failure messages can span lines with no prefix (XCTest prints multi-line messages verbatim; Swift
/// Testing continues comments with `↳` and two-space indents), so an issue is held back until the next
/// recognised line shows it is complete. Continuation is capped, in lines and in bytes, so a chatty test
/// cannot grow one message without bound.
package struct ConsoleParser: StreamingLineParser, Sendable {
    package static let maximumContinuationLines = 40
    /// Longer messages are cut here and marked; no report needs more, and memory stays bounded.
    package static let maximumMessageBytes = 64 * 1024
    /// A crash line (`Fatal error: …`) is cut here: it names the failure in one line of a report, and
    /// the run's kept log has it whole.
    static let maximumCrashLineBytes = 500
    /// How many running tests the parser remembers for glued results; past it (a child printing start
    /// lines forever) a glued result is not counted, which can only lose a result, never invent one.
    static let maximumRunningTests = 10_000

    /// Lines no classifier recognised (test prints, backtraces). Only for diagnostics and parser tests.
    package private(set) var unrecognisedLines = 0

    /// The last runtime crash line seen (`…: Fatal error: …`, `*** Program crashed: …`), so a crashed test
    /// can say why.
    package private(set) var lastCrashLine: String?

    package var splitter = LineSplitter()
    /// Whether lines come from a CI system's raw log, whose prefixes (`CILogPrefix`) are taken off first:
    /// `parse` reads such logs; a live run's output has none.
    package var readsCILogs = false
    private var pendingIssue: (TestReference, FailureRecord)?
    private var pendingContinuationLines = 0
    /// An XCTest assertion's text is `<what failed> - <your message>`; when it ends at the ` - `, the
    /// message was empty and nothing more belongs to it, so the test's next prints (log lines) stay out.
    private var pendingIssueComplete = false
    /// Reused for lines that carry colour codes.
    private var strippedLine: [UInt8] = []
    /// True after a known issue or warning: its detail lines must not be glued onto anything.
    private var swallowingDetails = false
    /// XCTest's root suite just ended: the `Executed N tests` line after it counts the run's tests.
    private var countsXCTestRun = false
    /// Swift Testing tests that started and have not finished, with how many times, so a glued result is
    /// only believed for a test that is running. (XCTest's one running test is `xctest.running`.)
    private var running = RunningTestNames()
    /// Where XCTest's own lines may go. XCTest runs one test at a time in a process, so between a test's
    /// start and end line every XCTest line belongs to it and to no other: a result, start, failure or
    /// skip line naming another test is a print (a test of a log tool, a forged line) and counts for
    /// nothing.
    private var xctest = XCTestSerialOrder()
    /// Every test name read so far, decoded once and numbered.
    private var names = TestNameTable()
    /// The start of a stdout line that SwiftPM's death line interrupted: the line goes on after it.
    private var carriedPrefix: [UInt8]?

    /// A GitLab log's line, held until the next shows whether it goes on (`00O+`).
    private var heldCILine: [UInt8]?

    package init() {}

    package mutating func endOfStream(emit: (TestEvent) -> Void) {
        flushHeldCILine(emit: emit)
        if let carried = carriedPrefix {
            carriedPrefix = nil
            carried.withUnsafeBufferPointer { parseWithoutForeignText(LineBytes($0), emit: emit) }
        }
        if let held = xctest.endOfOutput() { handle(held, emit: emit) }
        flushPendingIssue(emit)
    }

    /// Parses one complete line (without its terminator).
    package mutating func parse(line: LineBytes, emit: (TestEvent) -> Void) {
        guard readsCILogs else { return parseLine(line, emit: emit) }
        // A CI system's raw log (`parse`): its prefixes come off first, so the rest reads as `swift test`'s.
        // GitLab writes a long line in parts, each later part marked as going on: they are joined first.
        let (content, gitLabPart) = CILogPrefix.read(line)
        if gitLabPart == .continued, heldCILine != nil {
            heldCILine!.append(contentsOf: content.buffer)
            return
        }
        flushHeldCILine(emit: emit)
        guard gitLabPart == nil else {
            heldCILine = Array(content.buffer)
            return
        }
        parseLine(content, emit: emit)
    }

    private mutating func flushHeldCILine(emit: (TestEvent) -> Void) {
        guard let held = heldCILine else { return }
        heldCILine = nil
        held.withUnsafeBufferPointer { parseLine(LineBytes($0), emit: emit) }
    }

    private mutating func parseLine(_ rawLine: LineBytes, emit: (TestEvent) -> Void) {
        // The death line ends its line, so a look at the line's last bytes rules it out.
        guard carriedPrefix != nil || ProcessDeathLine.mayBeIn(rawLine) else {
            parseWithoutForeignText(rawLine, emit: emit)
            return
        }
        var joined = carriedPrefix ?? []
        carriedPrefix = nil
        joined.append(contentsOf: rawLine.buffer)
        joined.withUnsafeBufferPointer { buffer in
            let line = LineBytes(buffer)
            guard let death = ProcessDeathLine.find(in: line) else {
                parseWithoutForeignText(line, emit: emit)
                return
            }
            // SwiftPM's stderr line landed inside a stdout line: the line's start goes on in the next line.
            follow(.processDied(death.framework, signal: death.signal), line: line, emit: emit)
            if death.range.lowerBound > 0 { carriedPrefix = Array(line.prefix(death.range.lowerBound).buffer) }
            if death.range.upperBound < line.count {
                parseWithoutForeignText(line.dropFirst(death.range.upperBound), emit: emit)
            }
        }
    }

    private mutating func parseWithoutForeignText(_ rawLine: LineBytes, emit: (TestEvent) -> Void) {
        if pendingIssue == nil, !swallowingDetails, Self.cannotBeRecognised(rawLine) {
            unrecognisedLines += 1
            return
        }
        guard rawLine.contains(0x1B) else {
            classify(rawLine, emit: emit)
            return
        }
        // The buffer is moved out while its bytes are read, then put back to be reused by the next line.
        var stripped = strippedLine
        strippedLine = []
        ANSIEscapes.strip(rawLine, into: &stripped)
        stripped.withUnsafeBufferPointer { classify(LineBytes($0), emit: emit) }
        strippedLine = stripped
    }

    private mutating func classify(_ line: LineBytes, emit: (TestEvent) -> Void) {
        if let meaning = Self.meaning(of: line, names: &names) {
            follow(meaning, line: line, emit: emit)
        } else if let glued = GluedResult.find(in: line, names: &names), believes(glued) {
            follow(glued, line: line, emit: emit)
        } else {
            continueOrIgnore(line, emit: emit)
        }
    }

    /// Counts a line, or keeps it as the running test's output, as XCTest's serial order says.
    private mutating func follow(_ meaning: ConsoleLine, line: LineBytes, emit: (TestEvent) -> Void) {
        switch xctest.route(meaning, line: line) {
        case .count:
            handle(meaning, emit: emit)
        case .countAfter(let first):
            handle(first, emit: emit)
            handle(meaning, emit: emit)
        case .output:
            continueOrIgnore(line, emit: emit)
        }
    }

    /// The Swift Testing classifier goes first: it rejects a line that does not start with a symbol on
    /// its first byte, and spares the lines that do the XCTest searches; any line it declines still gets
    /// the XCTest one.
    static func meaning(of line: LineBytes, names: inout TestNameTable) -> ConsoleLine? {
        SwiftTestingLineClassifier.classify(line, names: &names) ?? XCTestLineClassifier.classify(line, names: &names)
    }

    /// A glued result counts only for a test that is running, and never as a pass while a failure's
    /// message is still being collected: quoted text (`[child] Test Case 'A.testB' passed …`, a log
    /// inside an assertion message) must not pass a test, while a real glued result is lost otherwise.
    private func believes(_ glued: ConsoleLine) -> Bool {
        switch glued {
        case .finished(let reference, let status, _):
            // A pass right after the same test's failure is quoted text (neither library passes a test that
            // recorded an issue); after another test's failure it is that test's neighbour's real end.
            guard status != .passed || pendingIssue?.0 != reference else { return false }
            return reference.framework == .xctest ? xctest.running == reference : running.contains(reference)
        case .failure(let reference, _):
            return reference.framework == .xctest ? xctest.running == reference : running.contains(reference)
        default:
            return false
        }
    }

    /// A cheap byte test that rules out most test prints before any classifier looks at them: every
    /// line a classifier or the crash-line check recognises starts with `T`, `Restarting `, a tab, a space, `?`, `*`,
    /// ESC or a non-ASCII symbol, or contains `": "` (failure, skip and crash lines), ESC, or `Test `
    /// (a result line glued onto a print that had no newline).
    package static func cannotBeRecognised(_ line: LineBytes) -> Bool {
        guard let first = line.first else { return true }
        if first >= 0x80 || first == UInt8(ascii: "T") || first == UInt8(ascii: "\t") || first == UInt8(ascii: " ")
            || first == UInt8(ascii: "?") || first == 0x1B || first == UInt8(ascii: "*")
            || (first == UInt8(ascii: "R") && line.hasPrefix("Restarting "))
        {
            return false
        }
        return !line.contains(": ") && !line.contains(0x1B) && !line.contains("Test ")
    }

    private mutating func handle(_ line: ConsoleLine, emit: (TestEvent) -> Void) {
        if case .detail(let text) = line {
            if swallowingDetails { return }
            if canExtendPendingIssue { appendToPendingIssue(text) } else { unrecognisedLines += 1 }
            return
        }
        flushPendingIssue(emit)
        swallowingDetails = false
        switch line {
        case .started(let reference, let iteration):
            if reference.framework == .swiftTesting,
                running.count < Self.maximumRunningTests || running.contains(reference)
            {
                running.start(reference)
            }
            emit(iteration.map { .iterationStarted(reference, iteration: $0) } ?? .started(reference))
        case .finished(let reference, let status, let duration):
            if reference.framework == .swiftTesting { running.end(reference) }
            emit(.finished(reference, status, duration: duration))
        case .skipped(let reference, let reason, let ends):
            if let reason { emit(.skipReason(reference, reason)) }
            if ends { emit(.finished(reference, .skipped, duration: nil)) }
        case .failure(let reference, let failure):
            pendingIssue = (reference, failure)
            pendingContinuationLines = 0
            pendingIssueComplete = Self.endsWithEmptyMessage(reference, failure.message)
        case .ignoredIssue: swallowingDetails = true
        case .runFinished(let framework, let tests):
            if let tests { emit(.runCounted(framework, tests: tests)) }
            emit(.runFinished(framework))
            // XCTest's count is on the line after its root suite's end.
            countsXCTestRun = framework == .xctest
        case .executed(let tests):
            if countsXCTestRun { emit(.runCounted(.xctest, tests: tests)) }
            countsXCTestRun = false
        case .runStarted(let framework):
            // A new process's crash is its own: the last one's words must not stand in for it.
            lastCrashLine = nil
            emit(.runStarted(framework))
        case .sessionFinished: TestFramework.allCases.forEach { emit(.runFinished($0)) }
        case .processDied(let framework, let signal): emit(.processDied(framework, signal: signal))
        case .structural, .detail: break
        }
    }

    private mutating func continueOrIgnore(_ line: LineBytes, emit: (TestEvent) -> Void) {
        // The runtime's own words (`Fatal error: …`) beat the backtracer's `*** Program crashed: …`.
        if line.contains("Fatal error:") || (lastCrashLine == nil && line.hasPrefix("*** Program crashed:")) {
            let crashLine = line.string(limitedTo: Self.maximumCrashLineBytes)
            lastCrashLine = crashLine
            emit(.crashReported(crashLine))
        }
        if canExtendPendingIssue {
            appendToPendingIssue(line.string)
        } else if !swallowingDetails {
            unrecognisedLines += 1
        }
    }

    /// Checked before a line is decoded, so a flood after a failure costs no Strings.
    private var canExtendPendingIssue: Bool {
        guard let message = pendingIssue?.1.message, !pendingIssueComplete else { return false }
        return pendingContinuationLines < Self.maximumContinuationLines
            && message.utf8.count <= Self.maximumMessageBytes
    }

    private mutating func appendToPendingIssue(_ text: String) {
        pendingContinuationLines += 1
        pendingIssue?.1.message += "\n" + text
        if let (reference, failure) = pendingIssue {
            pendingIssueComplete = Self.endsWithEmptyMessage(reference, failure.message)
        }
    }

    /// swift-corelibs-xctest records every assertion as `"\(description) - \(message)"`: a text ending in
    /// ` - ` had no message of its own (a value with newlines in it ends its last line there instead).
    static func endsWithEmptyMessage(_ reference: TestReference, _ message: String) -> Bool {
        guard reference.framework == .xctest else { return false }
        var trimmed = Substring(message)
        while trimmed.last == " " { trimmed.removeLast() }
        return trimmed.hasSuffix(" -")
    }

    private mutating func flushPendingIssue(_ emit: (TestEvent) -> Void) {
        guard let (reference, failure) = pendingIssue else { return }
        pendingIssue = nil
        var trimmed = reference.framework == .swiftTesting ? SwiftTestingLineClassifier.completed(failure) : failure
        if trimmed.message.utf8.count > Self.maximumMessageBytes {
            trimmed.message =
                trimmed.message.withLineBytes { $0.string(limitedTo: Self.maximumMessageBytes) } + " … (cut)"
        }
        while trimmed.message.hasSuffix("\n") || trimmed.message.hasSuffix(" ") { trimmed.message.removeLast() }
        // `XCTAssertTrue failed - ` with no message of its own: the separator alone says nothing.
        if reference.framework == .xctest, trimmed.message.hasSuffix(" -") { trimmed.message.removeLast(2) }
        emit(.issue(reference, trimmed))
    }
}
