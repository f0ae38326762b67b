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

    /// Swift Testing lines start with a symbol (a non-ASCII byte or `?`), so its classifier goes first
    /// for those, sparing them the XCTest searches; any line it declines still gets the XCTest one.
    private mutating func classify(_ line: LineBytes, emit: (TestEvent) -> Void) {
        if let first = line.first, first >= 0x80 || first == UInt8(ascii: "?"),
           let swiftTesting = SwiftTestingLineClassifier.classify(line) {
            handle(swiftTesting, emit: emit)
        } else if let xctest = XCTestLineClassifier.classify(line) {
            handle(xctest, emit: emit)
        } else {
            continueOrIgnore(line)
        }
    }

    /// A cheap byte test that rules out most test prints before any classifier looks at them: every
    /// line a classifier or the crash-line check recognises starts with `T`, a tab, a space, `?`, `*`,
    /// ESC or a non-ASCII symbol, or contains `": "` (failure, skip and crash lines) or ESC.
    static func cannotBeRecognised(_ line: LineBytes) -> Bool {
        guard let first = line.first else { return true }
        if first >= 0x80 || first == UInt8(ascii: "T") || first == UInt8(ascii: "\t") || first == UInt8(ascii: " ")
            || first == UInt8(ascii: "?") || first == 0x1B || first == UInt8(ascii: "*") {
            return false
        }
        return !line.contains(": ") && !line.contains(0x1B)
    }

    private mutating func handle(_ line: XCTestLineClassifier.Line, emit: (TestEvent) -> Void) {
        flushPendingIssue(emit)
        swallowingDetails = false
        switch line {
        case .started(let reference): emit(.started(reference))
        case .finished(let reference, let status, let duration):
            emit(.finished(reference, status, duration: duration))
        case .failure(let reference, let failure):
            pendingIssue = (reference, failure)
            pendingContinuationLines = 0
        case .runFinished: emit(.runFinished(.xctest))
        case .skipNote, .structural: break
        }
    }

    private mutating func handle(_ line: SwiftTestingLineClassifier.Line, emit: (TestEvent) -> Void) {
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
        case .runFinished: emit(.runFinished(.swiftTesting))
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
