/// Streaming parser for the console text of a test process: XCTest and Swift Testing lines, in any mix
/// and any interleaving, fed as raw bytes in whatever chunks the pipe delivers.
///
/// Failure messages can span lines with no prefix (XCTest prints multi-line messages verbatim; Swift
/// Testing continues comments with `↳` and two-space indents), so an issue is held back until the next
/// recognised line shows it is complete. Continuation is capped so a chatty test cannot grow one message
/// without bound.
public struct ConsoleParser: StreamingLineParser, Sendable {
    public static let maximumContinuationLines = 40

    /// Lines no classifier recognised (test prints, backtraces). Only for diagnostics and parser tests.
    public private(set) var unrecognisedLines = 0

    /// The last runtime crash line seen (`…: Fatal error: …`, `*** Program crashed: …`), so a crashed test
    /// can say why.
    public private(set) var lastCrashLine: String?

    public var splitter = LineSplitter()
    private var pendingIssue: (TestReference, FailureRecord)?
    private var pendingContinuationLines = 0
    /// Reused for lines that carry colour codes.
    private var strippedLine: [UInt8] = []
    /// True after a known issue or warning: its detail lines must not be glued onto anything.
    private var swallowingDetails = false

    public init() {}

    public mutating func endOfStream(emit: (TestEvent) -> Void) {
        flushPendingIssue(emit)
    }

    /// Parses one complete line (without its terminator).
    public mutating func parse(line rawLine: LineBytes, emit: (TestEvent) -> Void) {
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
        if let meaning = Self.meaning(of: line) ?? Self.embeddedMeaning(in: line) {
            handle(meaning, emit: emit)
        } else {
            continueOrIgnore(line)
        }
    }

    /// Swift Testing lines start with a symbol (a non-ASCII byte or `?`), so its classifier goes first
    /// for those, sparing them the XCTest searches; any line it declines still gets the XCTest one.
    static func meaning(of line: LineBytes) -> ConsoleLine? {
        let startsWithSymbol = line.first.map { $0 >= 0x80 || $0 == UInt8(ascii: "?") } ?? false
        return (startsWithSymbol ? SwiftTestingLineClassifier.classify(line) : nil) ?? XCTestLineClassifier.classify(line)
    }

    /// A test's own print without a trailing newline glues the next result line onto it
    /// (`50%Test Case 'A.testB' passed (0.001 seconds)`, or a Swift Testing line on stderr landing after
    /// unterminated stdout), and losing that result would turn a pass into a crash. So an unrecognised
    /// line gets one more try from the first XCTest line start inside it, and one from the first Swift
    /// Testing symbol followed by ` Test `: at most two classifications, so the line stays linear.
    static func embeddedMeaning(in line: LineBytes) -> ConsoleLine? {
        if let start = line.range(of: "Test Case '", from: 1) ?? line.range(of: "Test Suite '", from: 1),
           let meaning = XCTestLineClassifier.classify(line.dropFirst(start.lowerBound)) {
            return meaning
        }
        var search = 1
        while let test = line.range(of: " Test ", from: search) {
            // Walk back over the symbol's bytes (one to eight, all non-ASCII) to where the line would start.
            var start = test.lowerBound
            while start > test.lowerBound - 8, start > 0, line[start - 1] >= 0x80 { start -= 1 }
            if start < test.lowerBound { return SwiftTestingLineClassifier.classify(line.dropFirst(start)) }
            search = test.upperBound - 1
        }
        return nil
    }

    /// A cheap byte test that rules out most test prints before any classifier looks at them: every
    /// line a classifier or the crash-line check recognises starts with `T`, a tab, a space, `?`, `*`,
    /// ESC or a non-ASCII symbol, or contains `": "` (failure, skip and crash lines), ESC, or `Test `
    /// (a result line glued onto a print that had no newline).
    static func cannotBeRecognised(_ line: LineBytes) -> Bool {
        guard let first = line.first else { return true }
        if first >= 0x80 || first == UInt8(ascii: "T") || first == UInt8(ascii: "\t") || first == UInt8(ascii: " ")
            || first == UInt8(ascii: "?") || first == 0x1B || first == UInt8(ascii: "*") {
            return false
        }
        return !line.contains(": ") && !line.contains(0x1B) && !line.contains("Test ")
    }

    private mutating func handle(_ line: ConsoleLine, emit: (TestEvent) -> Void) {
        if case .detail(let text) = line {
            if swallowingDetails { return }
            if pendingIssue != nil { appendToPendingIssue(text) } else { unrecognisedLines += 1 }
            return
        }
        flushPendingIssue(emit)
        swallowingDetails = false
        switch line {
        case .started(let reference): emit(.started(reference))
        case .finished(let reference, let status, let duration):
            emit(.finished(reference, status, duration: duration))
        case .failure(let reference, let failure):
            pendingIssue = (reference, failure)
            pendingContinuationLines = 0
        case .ignoredIssue: swallowingDetails = true
        case .runFinished(let framework): emit(.runFinished(framework))
        case .structural, .detail: break
        }
    }

    private mutating func continueOrIgnore(_ line: LineBytes) {
        // The runtime's own words (`Fatal error: …`) beat the backtracer's `*** Program crashed: …`.
        if line.contains("Fatal error:") || (lastCrashLine == nil && line.hasPrefix("*** Program crashed:")) {
            lastCrashLine = line.string(limitedTo: 500)
        }
        if pendingIssue != nil, pendingContinuationLines < Self.maximumContinuationLines {
            appendToPendingIssue(line.string)
        } else if !swallowingDetails {
            unrecognisedLines += 1
        }
    }

    private mutating func appendToPendingIssue(_ text: String) {
        pendingContinuationLines += 1
        pendingIssue?.1.message += "\n" + text
    }

    private mutating func flushPendingIssue(_ emit: (TestEvent) -> Void) {
        guard let (reference, failure) = pendingIssue else { return }
        pendingIssue = nil
        var trimmed = reference.framework == .swiftTesting ? SwiftTestingLineClassifier.completed(failure) : failure
        while trimmed.message.hasSuffix("\n") || trimmed.message.hasSuffix(" ") { trimmed.message.removeLast() }
        emit(.issue(reference, trimmed))
    }
}
