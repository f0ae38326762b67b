import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckRunner

/// Each test's first failure is said in seconds into the runs, with its run: what a user waits for.
@Suite struct FirstFailureTests {
    @Test func theFirstFailingRunIsNamedWithItsTime() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testEveryThird", .failsEvery(3)), RunHarnessTests.xctest("M.C/testPasses"),
        ])
        let session = try RunHarnessTests.session(package, ["run", "--runs", "4", "--workers", "1"])
        let first = try #require(session.test("M.C/testEveryThird")?.firstFailure)
        #expect(first.run == 3)
        let runs = try #require(session.report?.runs)
        let start = runs.compactMap(\.startSeconds).min() ?? 0
        let third = try #require(runs.first { $0.index == 2 }?.endSeconds)
        #expect(first.seconds == third - start)
        #expect(session.test("M.C/testPasses")?.firstFailure == nil)
        #expect(session.stdout.contains("  first failed: "))
        #expect(session.stdout.contains("into the runs, in run 3"))
    }

    /// With several workers a later run can fail sooner than an earlier one beside it: the first failure is
    /// the failing run that ended first, not the lowest failing number (an unawaited `Task {}`'s schedules
    /// run beside a quicker plain run under `--hunt`).
    @Test func theFailureThatEndedFirstIsTheFirst() throws {
        var tally = TestTally(identity: TestIdentity(canonicalID: "M.C/testRaces", framework: .xctest))
        for run in 0..<3 { tally.record(TestResult(outcome: run == 2 ? .passed : .failed), runIndex: run) }
        let facts = [TestFacts(tally: tally)]
        var tests = facts.map { TestSummary(facts: $0, confidence: 0.95) }
        let times: [(start: Double, end: Double)] = [(0.002, 0.030), (0.003, 0.021), (0.031, 0.050)]
        let records = times.enumerated().map { index, time in
            var record = RunRecord(index: index, strategy: nil, processes: [], logPath: nil)
            (record.startSeconds, record.endSeconds) = (time.start, time.end)
            return record
        }
        SessionRunner.markFirstFailures(&tests, facts: facts, records: records)
        let first = try #require(tests.first?.firstFailure)
        #expect(first.run == 2)
        #expect(abs(first.seconds - 0.019) < 1e-9)
    }
}
