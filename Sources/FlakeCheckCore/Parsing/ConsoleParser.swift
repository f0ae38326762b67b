/// Streaming parser for the console text of a test process: XCTest and Swift Testing lines, in any mix
/// and any interleaving, fed as raw bytes in whatever chunks the pipe delivers.
///
/// Failure messages can span lines with no prefix (XCTest prints multi-line messages verbatim; Swift
/// Testing continues comments with `↳` and two-space indents), so an issue is held back until the next
/// recognised line shows it is complete. Continuation is capped so a chatty test cannot grow one message
/// without bound.
public struct ConsoleParser: StreamingLineParser, Sendable {
    public static let maximumContinuationLines = 40

    /// Which frameworks' lines to turn into events. In `swift test` runs the Swift Testing results come
    /// from the event stream, so its console lines are recognised but not reported twice.
    public var frameworks: Set<TestFramework>
    /// Lines no classifier recognised (test prints, backtraces). Only for diagnostics and parser tests.
    public private(set) var unrecognisedLines = 0

    /// The last runtime crash line seen (`…: Fatal error: …`, `*** Program crashed: …`), so a crashed test
    /// can say why.
    public private(set) var lastCrashLine: String?

    public var splitter = LineSplitter()
    private var pendingIssue: (TestReference, FailureRecord)?
    private var pendingContinuationLines = 0
    /// True after a known issue or warning: its detail lines must not be glued onto anything.
    private var swallowingDetails = false

    public init(frameworks: Set<TestFramework> = Set(TestFramework.allCases)) {
        self.frameworks = frameworks
    }

    public mutating func endOfStream(emit: (TestEvent) -> Void) {
        flushPendingIssue(emit)
    }

    /// Parses one complete line (without its terminator).
    public mutating func parse(line rawLine: String, emit: (TestEvent) -> Void) {
        if pendingIssue == nil, !swallowingDetails, Self.cannotBeRecognised(rawLine) {
            unrecognisedLines += 1
            return
        }
        let line = ANSIEscapes.strip(rawLine)
        if let xctest = XCTestLineClassifier.classify(line) {
            handle(xctest, emit: emit)
        } else if let swiftTesting = SwiftTestingLineClassifier.classify(line) {
            handle(swiftTesting, emit: emit)
        } else {
            continueOrIgnore(line)
        }
    }

    /// A cheap byte test that rules out most test prints before any classifier looks at them: every
    /// line a classifier or the crash-line check recognises starts with `T`, a tab, a space, `?`, ESC
    /// or a non-ASCII symbol, or contains `": "` (failure, skip and crash lines).
    static func cannotBeRecognised(_ line: String) -> Bool {
        var utf8 = line.utf8.makeIterator()
        guard let first = utf8.next() else { return true }
        if first >= 0x80 || first == UInt8(ascii: "T") || first == UInt8(ascii: "\t") || first == UInt8(ascii: " ")
            || first == UInt8(ascii: "?") || first == 0x1B || first == UInt8(ascii: "*") {
            return false
        }
        var previous = first
        while let byte = utf8.next() {
            if previous == UInt8(ascii: ":") && byte == UInt8(ascii: " ") { return false }
            if byte == 0x1B { return false }
            previous = byte
        }
        return true
    }

    private mutating func handle(_ line: XCTestLineClassifier.Line, emit: (TestEvent) -> Void) {
        flushPendingIssue(emit)
        swallowingDetails = false
        guard frameworks.contains(.xctest) else { return }
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
        let reportable = frameworks.contains(.swiftTesting)
        switch line {
        case .started(let reference): if reportable { emit(.started(reference)) }
        case .finished(let reference, let status, let duration):
            if reportable { emit(.finished(reference, status, duration: duration)) }
        case .failure(let reference, let failure):
            if reportable {
                pendingIssue = (reference, failure)
                pendingContinuationLines = 0
            } else {
                swallowingDetails = true
            }
        case .ignoredIssue: swallowingDetails = true
        case .runFinished: if reportable { emit(.runFinished(.swiftTesting)) }
        case .structural, .detail: break
        }
    }

    private mutating func continueOrIgnore(_ line: String) {
        // The runtime's own words (`Fatal error: …`) beat the backtracer's `*** Program crashed: …`.
        if line.utf8Contains("Fatal error:") || (lastCrashLine == nil && line.hasPrefix("*** Program crashed:")) {
            lastCrashLine = String(line.prefix(500))
        }
        if pendingIssue != nil, pendingContinuationLines < Self.maximumContinuationLines {
            appendToPendingIssue(line)
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
