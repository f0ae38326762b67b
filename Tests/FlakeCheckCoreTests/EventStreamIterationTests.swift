import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Swift Testing 6.4 repeats each test case (`--repetitions`, `--repeat-until`) and its encoder
/// (`ABI.EncodedEvent.Kind(encoding:in:)`) writes shapes 6.3 never did: the outer start and end of a
/// non-parameterized test stay, its first iteration's case records are dropped and later iterations'
/// are relabelled `testStarted`/`testEnded`; a parameterized test keeps every case record, and case
/// iterations overlap. Each shape here is written down with the outcome of every repetition first.
@Suite struct EventStreamIterationTests {
    static let id = "AppTests.Cart/race()/CartTests.swift:9:4"
    static let canonical = "AppTests.Cart/race()"

    /// One record; `iteration` is written only by the 6.4 schema (version 0 has `_testCase` but no
    /// `iteration`; the 6.3 schema, which flakecheck asks for on 6.3, has neither).
    static func record(
        _ kind: String, at instant: Double, iteration: Int? = nil, caseName: String? = nil,
        failing: Bool = false
    ) -> String {
        var fields =
            #""kind":"\#(kind)","instant":{"absolute":\#(instant),"since1970":\#(instant)},"messages":[{"symbol":"default","text":"x"}],"testID":"\#(id)""#
        if let iteration { fields += #","iteration":\#(iteration)"# }
        if let caseName { fields += #","_testCase":{"displayName":"\#(caseName)","id":"\#(caseName)"}"# }
        if failing {
            fields +=
                #","issue":{"isKnown":false,"isFailure":true,"severity":"error","sourceLocation":{"fileID":"AppTests/CartTests.swift","line":12,"column":5}}"#
        }
        return #"{"version":\#(iteration == nil ? "0" : #""6.4.0""#),"kind":"event","payload":{\#(fields)}}"#
    }

    static func outcomes(
        _ lines: [String], count: Int, exit: ProcessExit = ProcessExit(exitCode: 1, signal: nil, wallSeconds: 1)
    )
        -> [TestOutcome?]
    {
        let (transcript, parser) = EventStreamSchemaTests.transcript(lines)
        #expect(parser.malformedLines == 0)
        let catalog = TestCatalog([TestIdentity(canonicalID: canonical, framework: .swiftTesting)])
        return RepetitionAnalysis(
            testIDs: [canonical], count: count, exit: exit, eventStream: transcript,
            catalog: catalog, crashLine: nil
        ).repetitions.map { $0.results[canonical]?.outcome }
    }

    /// Non-parameterized, three repetitions, failing in the second only. Expected: pass, fail, pass.
    @Test(arguments: [true, false])
    func theOuterPairAroundRelabelledIterationsGivesOneResultPerIteration(withIterationNumbers: Bool) {
        let number = { (iteration: Int) in withIterationNumbers ? iteration : nil }
        let lines = [
            Self.record("testStarted", at: 1, iteration: number(1)),
            Self.record("testStarted", at: 2, iteration: number(2)),
            Self.record("issueRecorded", at: 2.5, iteration: number(2), failing: true),
            Self.record("testEnded", at: 3, iteration: number(2)),
            Self.record("testStarted", at: 4, iteration: number(3)),
            Self.record("testEnded", at: 5, iteration: number(3)),
            Self.record("testEnded", at: 6, iteration: number(3)),
        ]
        #expect(Self.outcomes(lines, count: 3) == [.passed, .failed, .passed])
        let (transcript, _) = EventStreamSchemaTests.transcript(lines)
        #expect(transcript.entries.map(\.duration) == [1, 1, 1])
    }

    /// The first iteration's own failure belongs to it, not to the iteration that ends it.
    /// Expected: fail, pass.
    @Test func aFailureInTheFirstIterationStaysThere() {
        let lines = [
            Self.record("testStarted", at: 1),
            Self.record("issueRecorded", at: 1.5, failing: true),
            Self.record("testStarted", at: 2),
            Self.record("testEnded", at: 3),
            Self.record("testEnded", at: 4),
        ]
        #expect(Self.outcomes(lines, count: 2) == [.failed, .passed])
    }

    /// Parameterized, two cases, two repetitions; case b's second iteration fails, and case a's second
    /// iteration starts before case b's first ended. Expected: pass, fail.
    @Test(arguments: [true, false])
    func parameterizedCaseIterationsAreGatheredPerIteration(withIterationNumbers: Bool) {
        let number = { (iteration: Int) in withIterationNumbers ? iteration : nil }
        let lines = [
            Self.record("testStarted", at: 1, iteration: number(1)),
            Self.record("testCaseStarted", at: 1, iteration: number(1), caseName: "a"),
            Self.record("testCaseStarted", at: 1, iteration: number(1), caseName: "b"),
            Self.record("testCaseEnded", at: 2, iteration: number(1), caseName: "a"),
            Self.record("testCaseStarted", at: 2, iteration: number(2), caseName: "a"),
            Self.record("testCaseEnded", at: 3, iteration: number(1), caseName: "b"),
            Self.record("testCaseStarted", at: 3, iteration: number(2), caseName: "b"),
            Self.record("issueRecorded", at: 3.5, iteration: number(2), caseName: "b", failing: true),
            Self.record("testCaseEnded", at: 4, iteration: number(2), caseName: "a"),
            Self.record("testCaseEnded", at: 5, iteration: number(2), caseName: "b"),
            Self.record("testEnded", at: 5, iteration: number(2)),
        ]
        #expect(Self.outcomes(lines, count: 2) == [.passed, .failed])
    }

    /// 6.3's plan-level repetition of a parameterized test: each iteration is a pair of its own, and the
    /// cases of the second iteration start counting again. Expected: fail, pass.
    @Test func planLevelParameterizedRepetitionsStayAsTheyWere() {
        let lines = [
            Self.record("testStarted", at: 1),
            Self.record("testCaseStarted", at: 1, caseName: "a"),
            Self.record("issueRecorded", at: 1.5, caseName: "a", failing: true),
            Self.record("testCaseEnded", at: 2, caseName: "a"),
            Self.record("testEnded", at: 2),
            Self.record("testStarted", at: 3),
            Self.record("testCaseStarted", at: 3, caseName: "a"),
            Self.record("testCaseEnded", at: 4, caseName: "a"),
            Self.record("testEnded", at: 4),
        ]
        #expect(Self.outcomes(lines, count: 2) == [.failed, .passed])
    }

    /// The 6.3 schema (what flakecheck asks for on 6.3: version 0 drops warnings) names no case: two
    /// repetitions of a three-case test, the first failing in its second case. Expected: fail, pass, and
    /// no iteration made up from the cases.
    @Test func unnamedCasesOfThe63SchemaMakeNoIterations() {
        func cases(from start: Double, failing: Bool) -> [String] {
            var lines: [String] = []
            for index in 0..<3 {
                let at = start + Double(index)
                lines.append(Self.record("testCaseStarted", at: at))
                if failing && index == 1 { lines.append(Self.record("issueRecorded", at: at + 0.5, failing: true)) }
                lines.append(Self.record("testCaseEnded", at: at + 0.9))
            }
            return lines
        }
        var lines = [Self.record("testStarted", at: 1)]
        lines += cases(from: 1, failing: true)
        lines += [Self.record("testEnded", at: 4), Self.record("testStarted", at: 5)]
        lines += cases(from: 5, failing: false)
        lines.append(Self.record("testEnded", at: 8))
        #expect(Self.outcomes(lines, count: 2) == [.failed, .passed])
        let (transcript, _) = EventStreamSchemaTests.transcript(lines)
        #expect(transcript.entries.count == 2)
    }

    /// The process dies inside a parameterized test's second iteration: the open first iteration is the
    /// test's crash, and the second, never ended, is not made up. Expected: crashed, then no result.
    @Test func aCrashInsideALaterCaseIterationBlamesTheOpenOneAndInventsNothing() {
        let lines = [
            Self.record("testStarted", at: 1),
            Self.record("testCaseStarted", at: 1, caseName: "a"),
            Self.record("testCaseEnded", at: 2, caseName: "a"),
            Self.record("testCaseStarted", at: 2, caseName: "a"),
        ]
        let outcomes = Self.outcomes(lines, count: 2, exit: ProcessExit(exitCode: nil, signal: 4, wallSeconds: 1))
        #expect(outcomes == [.crashed])
    }
}
