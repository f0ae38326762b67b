import Foundation
import Testing
@testable import FlakeCheckCore

@Suite struct RepetitionAnalysisTests {
    static let ids = ["AlphaTests.FlakySuite/failsEveryFourthRun()", "AlphaTests.StableSuite/passes()"]

    /// Eight repetitions in one process: the flaky test fails on its 4th and 8th, exactly.
    @Test func eachRepetitionGetsItsOwnResult() throws {
        let events = Fixture.eventTranscript(try Fixture.data("linux-6.3.1-events-repetitions.jsonl"))
        let analysis = RepetitionAnalysis(testIDs: Self.ids, count: 8, exit: ProcessExit(exitCode: 1, signal: nil, wallSeconds: 0),
                                          eventStream: events, catalog: try Fixture.catalog(), crashLine: nil)
        #expect(analysis.results.count == 8)
        let flaky = analysis.results.map { $0[Self.ids[0]]?.outcome }
        #expect(flaky == [.passed, .passed, .passed, .failed, .passed, .passed, .passed, .failed])
        #expect(analysis.results.allSatisfy { $0[Self.ids[1]]?.outcome == .passed })
    }

    /// A process that died during repetition 3: that one crashed, the rest never ran.
    @Test func crashMidwayBlamesOneRepetition() throws {
        let events = Fixture.eventTranscript(try Fixture.data("linux-6.3.1-events-repetitions.jsonl"))
        var truncated = RunTranscript()
        var starts = 0
        for entry in events.entries where entry.reference.name.contains("passes()") {
            starts += 1
            if starts > 3 { break }
            truncated.record(.started(entry.reference))
            if starts < 3, let status = entry.status { truncated.record(.finished(entry.reference, status, duration: entry.duration)) }
        }
        let analysis = RepetitionAnalysis(testIDs: [Self.ids[1]], count: 8, exit: ProcessExit(exitCode: nil, signal: 4, wallSeconds: 0),
                                          eventStream: truncated, catalog: try Fixture.catalog(), crashLine: "Fatal error: boom")
        let outcomes = analysis.results.map { $0[Self.ids[1]]?.outcome }
        #expect(outcomes == [.passed, .passed, .crashed, .notRun, .notRun, .notRun, .notRun, .notRun])
    }
}
