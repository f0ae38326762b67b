import FlakeCheckModel
import Foundation

/// Parses Swift Testing's JSON Lines event stream (`--event-stream-output-path`), versions 0 and 6.x,
/// into typed records (`EventStreamRecord`).
///
/// The stream is the only source of unique test IDs (`Module.Suite/name()/File.swift:4:2`), so runs that
/// flakecheck launches read it instead of the console. Unknown record kinds and fields are ignored, as
/// the ABI document asks; a line that is not JSON is counted and skipped, never fatal.
package struct EventStreamParser: StreamingLineParser, Sendable {
    package private(set) var malformedLines = 0
    /// Record versions this parser was not written against (newer toolchains): still read, field by
    /// field, since the ABI only adds fields; reported so a changed meaning does not pass unnoticed.
    package private(set) var unknownVersions: Set<String> = []
    static let knownVersions: Set<String> = ["0", "6.3", "6.3.0", "6.4", "6.4.0"]

    package var splitter = LineSplitter()
    private var suiteIDs: Set<String> = []
    /// One start and one end per test per iteration, from any version's records.
    private var iterations = EventStreamIterations()

    package init() {}

    /// Reused for every line: a decoder is not cheap to make.
    private let decoder = JSONDecoder()

    package mutating func parse(line: LineBytes, emit: (TestEvent) -> Void) {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) }
        guard let first = line.buffer.firstIndex(where: { !isSpace($0) }) else { return }
        // Every record is a JSON object; anything else is rejected before paying for a JSON parser.
        // A record is decoded first so invalid UTF-8 (a corrupted stream) becomes U+FFFD instead of
        // costing the record.
        guard line[first] == UInt8(ascii: "{"),
            let record = try? decoder.decode(EventStreamRecord.self, from: Data(line.string.utf8))
        else {
            malformedLines += 1
            return
        }
        let version = record.version?.text ?? "none"
        if !Self.knownVersions.contains(version), unknownVersions.count < 16 { unknownVersions.insert(version) }
        switch record.kind {
        case "test": declare(record.payload, emit: emit)
        case "event": handleEvent(record.payload, emit: emit)
        default: break
        }
    }

    private mutating func declare(_ payload: EventStreamRecord.Payload, emit: (TestEvent) -> Void) {
        guard let id = payload.id else { return }
        let isSuite = payload.kind == "suite"
        if isSuite { suiteIDs.insert(id) }
        emit(
            .declared(
                TestDeclaration(
                    id: id,
                    isSuite: isSuite,
                    name: payload.name ?? id,
                    displayName: payload.displayName,
                    filePath: payload.sourceLocation?.path,
                    line: payload.sourceLocation?.line
                )))
    }

    private mutating func handleEvent(_ payload: EventStreamRecord.Payload, emit: (TestEvent) -> Void) {
        guard let eventKind = payload.kind else { return }
        if eventKind == "runEnded" {
            emit(.runFinished(.swiftTesting))
            return
        }
        guard let testID = payload.testID, !isSuite(testID, payload) else { return }
        let reference = TestReference(framework: .swiftTesting, name: testID, isQualified: true)
        let instant = payload.instant?.absolute
        // Version 0 names the case in `_testCase`; 6.3 does not (only a case's start message does, and its
        // end has none), so its cases are counted together, which 6.3's whole-plan repetitions allow.
        let caseName = payload.testCase?.displayName
        switch eventKind {
        case "testStarted":
            iterations.started(reference, iteration: payload.iteration, instant: instant, emit: emit)
        case "testCaseStarted":
            iterations.caseStarted(reference, caseName: caseName, iteration: payload.iteration, instant: instant)
        case "testCaseEnded":
            iterations.caseEnded(reference, caseName: caseName, iteration: payload.iteration, instant: instant)
        case "issueRecorded":
            guard let failure = Self.failingIssue(in: payload) else { return }
            iterations.issue(reference, failure, caseName: caseName, iteration: payload.iteration, emit: emit)
        case "testCancelled", "testCaseCancelled":
            iterations.cancelled(
                reference, caseName: eventKind == "testCaseCancelled" ? caseName : nil,
                iteration: payload.iteration)
        case "testSkipped":
            let text = payload.messages?.first?.text
            if let reason = text.flatMap(SwiftTestingLineClassifier.skipReason) { emit(.skipReason(reference, reason)) }
            emit(.finished(reference, .skipped, duration: nil))
        case "testEnded":
            iterations.ended(reference, instant: instant, emit: emit)
        default:
            break
        }
    }

    private func isSuite(_ testID: String, _ payload: EventStreamRecord.Payload) -> Bool {
        if suiteIDs.contains(testID) { return true }
        return payload.messages?.first?.text?.hasPrefix("Suite ") ?? false
    }

    /// A recorded issue fails its test unless it is a known issue or a warning (6.3+ says so with
    /// `severity`/`isFailure`; version 0 streams leave warnings out entirely).
    static func failingIssue(in payload: EventStreamRecord.Payload) -> FailureRecord? {
        let issue = payload.issue
        if issue?.isKnown == true || issue?.isFailure == false || issue?.severity == "warning" { return nil }
        let messages = (payload.messages ?? []).compactMap(\.text)
        let location = issue?.sourceLocation.flatMap { location -> String? in
            guard let line = location.line else { return nil }
            let file = location.path ?? location.fileID ?? "?"
            return "\(file):\(line)" + (location.column.map { ":\($0)" } ?? "")
        }
        // Only the experimental `_testCase` (which `--event-stream-version 0` includes) names the case.
        let arguments = payload.testCase?.displayName.flatMap { $0.isEmpty ? nil : $0 }
        return FailureRecord(
            message: messages.isEmpty ? "Issue recorded" : messages.joined(separator: "\n"),
            location: location, arguments: arguments)
    }
}
