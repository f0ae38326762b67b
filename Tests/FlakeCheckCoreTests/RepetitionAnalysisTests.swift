import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

@Suite struct RepetitionAnalysisTests {
    static let ids = ["AlphaTests.FlakySuite/failsEveryFourthRun()", "AlphaTests.StableSuite/passes()"]

    /// Eight repetitions in one process: the flaky test fails on its 4th and 8th, exactly.
    @Test func eachRepetitionGetsItsOwnResult() throws {
        let events = Fixture.eventTranscript(try Fixture.data("linux-6.3.1-events-repetitions.jsonl"))
        let analysis = RepetitionAnalysis(
            testIDs: Self.ids, count: 8, exit: ProcessExit(exitCode: 1, signal: nil, wallSeconds: 0),
            eventStream: events, catalog: try Fixture.catalog(), crashLine: nil)
        #expect(analysis.repetitions.count == 8)
        let flaky = analysis.repetitions.map { $0.results[Self.ids[0]]?.outcome }
        #expect(flaky == [.passed, .passed, .passed, .failed, .passed, .passed, .passed, .failed])
        #expect(analysis.repetitions.allSatisfy { $0.results[Self.ids[1]]?.outcome == .passed })
        #expect(analysis.repetitions.allSatisfy { $0.retries.isEmpty && $0.suspects == nil && $0.lost.isEmpty })
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
            if starts < 3, let status = entry.status {
                truncated.record(.finished(entry.reference, status, duration: entry.duration))
            }
        }
        let analysis = RepetitionAnalysis(
            testIDs: [Self.ids[1]], count: 8, exit: ProcessExit(exitCode: nil, signal: 4, wallSeconds: 0),
            eventStream: truncated, catalog: try Fixture.catalog(), crashLine: "Fatal error: boom")
        // The repetitions it never reached are not analysed: the executor starts a new process for them.
        let outcomes = analysis.repetitions.map { $0.results[Self.ids[1]]?.outcome }
        #expect(outcomes == [.passed, .passed, .crashed])
    }

    /// `abort()` in one test while others of the same repetition are running: nobody can tell from the
    /// stream which one did it, so they are suspects to run alone, as in process mode; the tests that
    /// repetition never started are run again. Bystanders are never blamed outright.
    @Test func aCrashWithSeveralTestsInFlightMakesSuspectsNotVictims() {
        let ids = ["M.S/aborts()", "M.S/bystander()", "M.S/later()"]
        let catalog = TestCatalog(ids.map { TestIdentity(canonicalID: $0, framework: .swiftTesting) })
        let reference = { (name: String) in TestReference(framework: .swiftTesting, name: name, isQualified: true) }
        var events = RunTranscript()
        for _ in 0..<2 {  // repetition 1: all pass
            for id in ids {
                events.record(.started(reference(id))); events.record(.finished(reference(id), .passed, duration: 0))
            }
        }
        events.record(.started(reference(ids[0])))
        events.record(.started(reference(ids[1])))
        let analysis = RepetitionAnalysis(
            testIDs: ids, count: 5, exit: ProcessExit(exitCode: nil, signal: 6, wallSeconds: 1),
            eventStream: events, catalog: catalog, crashLine: nil)
        #expect(analysis.repetitions.count == 3)
        #expect(analysis.repetitions[1].results.count == 3)
        let crashed = analysis.repetitions[2]
        #expect(crashed.results.isEmpty)
        #expect(crashed.suspects?.candidates == ["M.S/aborts()", "M.S/bystander()"])
        #expect(crashed.suspects?.blame.failures.first?.message.contains("signal 6") == true)
        #expect(crashed.retries == [["M.S/later()"]])
    }
}
