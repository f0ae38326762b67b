import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Swift 6.4's event stream schema: `"version":"6.4.0"`, an `iteration` on each
/// repetition's events, `filePath` without `_filePath`; and records of a version nobody knows yet.
@Suite struct EventStreamSchemaTests {
    static let id = "AppTests.Cart/race()/CartTests.swift:9:4"

    static func event(_ kind: String, iteration: Int?, version: String = #""6.4.0""#, extra: String = "") -> String {
        let iterationField = iteration.map { #","iteration":\#($0)"# } ?? ""
        return
            #"{"version":\#(version),"kind":"event","payload":{"kind":"\#(kind)","instant":{"absolute":1.0,"since1970":1.0},"messages":[{"symbol":"default","text":"x"}],"testID":"\#(id)"\#(iterationField)\#(extra)}}"#
    }

    static func issue(iteration: Int, isFailure: Bool, isKnown: Bool, severity: String) -> String {
        let issue =
            #","issue":{"isKnown":\#(isKnown),"severity":"\#(severity)","isFailure":\#(isFailure),"sourceLocation":{"fileID":"AppTests/CartTests.swift","filePath":"/src/App/Tests/AppTests/CartTests.swift","line":12,"column":5}}"#
        return event("issueRecorded", iteration: iteration, extra: issue)
    }

    static func transcript(_ lines: [String]) -> (RunTranscript, EventStreamParser) {
        var parser = EventStreamParser()
        var transcript = RunTranscript()
        parser.feed(Data((lines.joined(separator: "\n") + "\n").utf8)) { transcript.record($0) }
        parser.finish { transcript.record($0) }
        return (transcript, parser)
    }

    @Test func repetitionsWithIterationNumbersAndOnlyRealFailuresFail() throws {
        let lines = [
            #"{"version":"6.4.0","kind":"test","payload":{"kind":"function","id":"\#(Self.id)","name":"race()","sourceLocation":{"fileID":"AppTests/CartTests.swift","filePath":"/src/App/Tests/AppTests/CartTests.swift","line":9,"column":4}}}"#,
            Self.event("testStarted", iteration: 1),
            Self.issue(iteration: 1, isFailure: false, isKnown: false, severity: "warning"),
            Self.event("testEnded", iteration: 1),
            Self.event("testStarted", iteration: 2),
            Self.issue(iteration: 2, isFailure: true, isKnown: false, severity: "error"),
            Self.event("testEnded", iteration: 2),
            Self.event("testStarted", iteration: 3),
            Self.issue(iteration: 3, isFailure: true, isKnown: true, severity: "error"),
            Self.event("testEnded", iteration: 3),
        ]
        let (transcript, parser) = Self.transcript(lines)
        #expect(parser.malformedLines == 0 && parser.unknownVersions.isEmpty)
        #expect(transcript.declarations[Self.id]?.filePath == "/src/App/Tests/AppTests/CartTests.swift")
        #expect(transcript.entries.map(\.status) == [.passed, .failed, .passed])
        #expect(transcript.entries[1].failures.first?.location == "/src/App/Tests/AppTests/CartTests.swift:12:5")

        let catalog = TestCatalog([TestIdentity(canonicalID: "AppTests.Cart/race()", framework: .swiftTesting)])
        let repetitions = RepetitionAnalysis(
            testIDs: ["AppTests.Cart/race()"], count: 3, exit: ProcessExit(exitCode: 1, signal: nil, wallSeconds: 1),
            eventStream: transcript, catalog: catalog, crashLine: nil)
        #expect(
            repetitions.repetitions.map { $0.results["AppTests.Cart/race()"]?.outcome } == [.passed, .failed, .passed])
    }

    /// A record version newer than flakecheck knows is read (the ABI only adds fields) and reported.
    @Test func unknownVersionIsReadAndReported() {
        let (transcript, parser) = Self.transcript([
            Self.event("testStarted", iteration: 1, version: #""6.5.0""#),
            Self.event("testEnded", iteration: 1, version: #""6.5.0""#),
        ])
        #expect(parser.unknownVersions == ["6.5.0"])
        #expect(transcript.entries.map(\.status) == [.passed])
        let (_, knownParser) = Self.transcript([Self.event("testStarted", iteration: nil, version: "0")])
        #expect(knownParser.unknownVersions.isEmpty)
    }

    @Test func unknownVersionWarningReachesTheRunLog() throws {
        let path = NSTemporaryDirectory() + "fc-events-\(UUID()).jsonl"
        try Data((Self.event("testStarted", iteration: 1, version: #""7.0.0""#) + "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        var warnings: [String] = []
        _ = EventStreamFile.read(at: path) { warnings.append($0) }
        #expect(warnings.count == 1 && warnings[0].contains("version 7.0.0"))
    }
}
