import Foundation
import Testing
@testable import FlakeCheckCore

/// `--perturb` against real processes: the scheduler hook library is preloaded into the test processes,
/// and the fixture's exactly-known outcomes stay exactly known (every 4th run fails: 5 of 20).
@Suite(.serialized) struct PerturbEndToEndTests {
    @Test func knownOutcomesStayExactUnderPerturbation() throws {
        let run = try KnownOutcomesEndToEndTests.flakecheck(
            ["run", "--runs", "20", "--workers", "2", "--perturb-seed", "11"]
            + KnownOutcomesEndToEndTests.everythingButCrashAndHang)
        KnownOutcomesEndToEndTests().expectKnownCounts(run, runs: 20)
        let report = try #require(run.report)
        #expect(report.configuration.perturbSeed == 11)
        let delayed = report.runs.filter { $0.perturbation?.delayProbability != nil }.count
        #expect(delayed > 0, "the hook library was found and used in some runs")
        #expect(report.runs.allSatisfy { $0.perturbation != nil })
    }
}
