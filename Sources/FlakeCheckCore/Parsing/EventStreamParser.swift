import Foundation

/// Parses Swift Testing's JSON Lines event stream (`--event-stream-output-path`), versions 0 and 6.x.
///
/// The stream is the only source of unique test IDs (`Module.Suite/name()/File.swift:4:2`), so runs that
/// flakecheck launches read it instead of the console. Unknown record kinds and fields are ignored, as
/// the ABI document asks; a line that is not JSON is counted and skipped, never fatal.
public struct EventStreamParser: StreamingLineParser, Sendable {
    public private(set) var malformedLines = 0
    /// Record versions this parser was not written against (newer toolchains): still read, field by
    /// field, since the ABI only adds fields; reported so a changed meaning does not pass unnoticed.
    public private(set) var unknownVersions: Set<String> = []
    static let knownVersions: Set<String> = ["0", "6.3", "6.3.0", "6.4", "6.4.0"]

    public var splitter = LineSplitter()
    private var suiteIDs: Set<String> = []
    private var startInstants: [String: Double] = [:]
    private var failedTests: Set<String> = []
    private var cancelledTests: Set<String> = []

    public init() {}

    public mutating func parse(line: LineBytes, emit: (TestEvent) -> Void) {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) }
        guard let first = line.buffer.firstIndex(where: { !isSpace($0) }) else { return }
        // Every record is a JSON object; anything else is rejected before paying for a JSON parser.
        // A record is decoded first so invalid UTF-8 (a corrupted stream) becomes U+FFFD instead of
        // costing the record.
        guard line[first] == UInt8(ascii: "{"),
              let object = try? JSONSerialization.jsonObject(with: Data(line.string.utf8)) as? [String: Any],
              let kind = object["kind"] as? String,
              let payload = object["payload"] as? [String: Any] else {
            malformedLines += 1
            return
        }
        let version = (object["version"] as? String) ?? (object["version"] as? NSNumber).map { "\($0)" } ?? "none"
        if !Self.knownVersions.contains(version), unknownVersions.count < 16 { unknownVersions.insert(version) }
        switch kind {
        case "test": declare(payload, emit: emit)
        case "event": handleEvent(payload, emit: emit)
        default: break
        }
    }

    private mutating func declare(_ payload: [String: Any], emit: (TestEvent) -> Void) {
        guard let id = payload["id"] as? String else { return }
        let isSuite = (payload["kind"] as? String) == "suite"
        if isSuite { suiteIDs.insert(id) }
        let location = payload["sourceLocation"] as? [String: Any]
        emit(.declared(TestDeclaration(
            id: id,
            isSuite: isSuite,
            name: payload["name"] as? String ?? id,
            displayName: payload["displayName"] as? String,
            filePath: (location?["filePath"] ?? location?["_filePath"]) as? String,
            line: location?["line"] as? Int
        )))
    }

    private mutating func handleEvent(_ payload: [String: Any], emit: (TestEvent) -> Void) {
        guard let eventKind = payload["kind"] as? String else { return }
        if eventKind == "runEnded" {
            emit(.runFinished(.swiftTesting))
            return
        }
        guard let testID = payload["testID"] as? String, !isSuite(testID, payload) else { return }
        let reference = TestReference(framework: .swiftTesting, name: testID, isQualified: true)
        let instant = (payload["instant"] as? [String: Any])?["absolute"] as? Double
        switch eventKind {
        case "testStarted":
            startInstants[testID] = instant
            failedTests.remove(testID)
            cancelledTests.remove(testID)
            // Schema 6.4 numbers each repetition (1-based); earlier schemas repeat the start without a number.
            if let iteration = payload["iteration"] as? Int {
                emit(.iterationStarted(reference, iteration: iteration))
            } else {
                emit(.started(reference))
            }
        case "issueRecorded":
            guard let failure = Self.failingIssue(in: payload) else { return }
            failedTests.insert(testID)
            emit(.issue(reference, failure))
        case "testCancelled":
            cancelledTests.insert(testID)
        case "testSkipped":
            let text = (payload["messages"] as? [[String: Any]])?.first?["text"] as? String
            if let reason = text.flatMap(SwiftTestingLineClassifier.skipReason) { emit(.skipReason(reference, reason)) }
            emit(.finished(reference, .skipped, duration: nil))
        case "testEnded":
            var duration: Double?
            if let start = startInstants.removeValue(forKey: testID), let end = instant { duration = max(0, end - start) }
            emit(.finished(reference, status(of: testID, payload), duration: duration))
        default:
            break
        }
    }

    private func isSuite(_ testID: String, _ payload: [String: Any]) -> Bool {
        if suiteIDs.contains(testID) { return true }
        let text = (payload["messages"] as? [[String: Any]])?.first?["text"] as? String
        return text?.hasPrefix("Suite ") ?? false
    }

    private func status(of testID: String, _ payload: [String: Any]) -> FinishStatus {
        let symbol = (payload["messages"] as? [[String: Any]])?.first?["symbol"] as? String
        switch symbol {
        case "fail": return .failed
        case "skip": return .skipped
        case "pass", "passWithKnownIssue", "passWithWarnings": return .passed
        default:
            if failedTests.contains(testID) { return .failed }
            return cancelledTests.contains(testID) ? .skipped : .passed
        }
    }

    /// A recorded issue fails its test unless it is a known issue or a warning (6.3+ says so with
    /// `severity`/`isFailure`; version 0 streams leave warnings out entirely).
    static func failingIssue(in payload: [String: Any]) -> FailureRecord? {
        let issue = payload["issue"] as? [String: Any] ?? [:]
        if issue["isKnown"] as? Bool == true { return nil }
        if issue["isFailure"] as? Bool == false { return nil }
        if (issue["severity"] as? String) == "warning" { return nil }
        let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        let location = (issue["sourceLocation"] as? [String: Any]).flatMap { location -> String? in
            guard let line = location["line"] as? Int else { return nil }
            let file = (location["filePath"] ?? location["_filePath"] ?? location["fileID"]) as? String ?? "?"
            let column = (location["column"] as? Int).map { ":\($0)" } ?? ""
            return "\(file):\(line)\(column)"
        }
        // Only the experimental `_testCase` (which `--event-stream-version 0` includes) names the case.
        let testCase = (payload["_testCase"] as? [String: Any])?["displayName"] as? String
        return FailureRecord(message: messages.isEmpty ? "Issue recorded" : messages.joined(separator: "\n"),
                             location: location, arguments: testCase.flatMap { $0.isEmpty ? nil : $0 })
    }
}
