import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

@Suite struct StatisticsTests {
    /// Reference values computed independently from the textbook formula in Python (z = 1.959964).
    @Test(arguments: [
        (93, 100, 0.8626, 0.9657),
        (100, 100, 0.9630, 1.0),
        (0, 10, 0.0, 0.2775),
        (54, 100, 0.4426, 0.6344),
        (1, 2, 0.0945, 0.9055),
    ])
    func wilsonInterval(successes: Int, trials: Int, lower: Double, upper: Double) {
        let interval = ProportionInterval.wilson(successes: successes, trials: trials)
        #expect(abs(interval.lower - lower) < 0.0001)
        #expect(abs(interval.upper - upper) < 0.0001)
    }

    @Test func noTrialsIsTheWholeRange() {
        #expect(
            ProportionInterval.wilson(successes: 0, trials: 0)
                == ProportionInterval(lower: 0, upper: 1, confidence: 0.95))
    }

    @Test func normalQuantile() {
        #expect(abs(NormalDistribution.quantile(0.975) - 1.959963984540054) < 1e-9)
        #expect(abs(NormalDistribution.quantile(0.995) - 2.5758293035489) < 1e-9)
        #expect(abs(NormalDistribution.quantile(0.01) + 2.3263478740408408) < 1e-9)
    }

    @Test func cleanRunsBound() {
        #expect(abs(ConfidenceBounds.failureRateUpperBound(cleanRuns: 100, confidence: 0.95) - 0.0295) < 0.0001)
        #expect(ConfidenceBounds.failureRateUpperBound(cleanRuns: 0, confidence: 0.95) == 1)
    }

    @Test func durationPercentilesInterpolate() throws {
        let stats = try #require(DurationStatistics(samples: [4, 1, 3, 2]))
        #expect(stats == DurationStatistics(min: 1, median: 2.5, p90: 3.7, max: 4, mean: 2.5))
        #expect(DurationStatistics(samples: []) == nil)
    }

    @Test(arguments: [
        (5, 5, 0, Verdict.stable), (3, 5, 0, .flaky), (0, 5, 0, .failing), (0, 0, 4, .skipped), (0, 0, 0, .notRun),
    ])
    func verdicts(passed: Int, counted: Int, skipped: Int, verdict: Verdict) {
        #expect(Verdict(passed: passed, counted: counted, skipped: skipped) == verdict)
    }

    /// Every fourth run fails, exactly: the aggregation must count it exactly.
    @Test func aggregationCountsEveryOutcome() throws {
        let identity = TestIdentity(canonicalID: "M.T/testX", framework: .xctest)
        var aggregator = ResultAggregator(expected: [identity])
        for run in 0..<100 {
            let outcome: TestOutcome = (run + 1) % 4 == 0 ? .failed : (run == 1 ? .crashed : .passed)
            let failures = outcome == .failed ? [FailureRecord(message: "multiple of 4", location: "T.swift:3")] : []
            aggregator.record(
                ["M.T/testX": TestResult(outcome: outcome, duration: 0.01, failures: failures)],
                runIndex: run)
        }
        let summary = try #require(aggregator.summaries(runs: 100, confidence: 0.95).first)
        #expect(summary.passed == 74 && summary.failed == 25 && summary.crashed == 1 && summary.runs == 100)
        #expect(summary.passRate == 0.74)
        #expect(summary.verdict == .flaky)
        #expect(summary.failures.first?.count == 25)
        #expect(summary.history.count == 100)
        #expect(summary.history.prefix(4) == "PCPF")
    }

    @Test func gateUsesMinimumPassRateAndNeverPassesUnmeasuredTests() {
        func test(_ id: String, passed: Int, counted: Int, skipped: Int = 0) -> TestSummary {
            var tally = TestTally(identity: TestIdentity(canonicalID: id, framework: .xctest))
            for run in 0..<counted {
                tally.record(TestResult(outcome: run < passed ? .passed : .failed), runIndex: run)
            }
            for run in 0..<skipped { tally.record(TestResult(outcome: .skipped), runIndex: counted + run) }
            return TestSummary(tally: tally, confidence: 0.95)
        }
        let tests = [test("a", passed: 99, counted: 100), test("b", passed: 0, counted: 0, skipped: 3)]
        #expect(FlakeReport.Gate(tests: tests, minPassRate: 0.99).passed)
        #expect(!FlakeReport.Gate(tests: tests, minPassRate: 1).passed)
        #expect(!FlakeReport.Gate(tests: [test("c", passed: 0, counted: 0)], minPassRate: 0).passed)
    }

    @Test func strategyStatementInPlainWords() {
        #expect(
            StrategySummary.statement(name: "naive", passed: 93, counted: 100, confidence: 0.95)
                == "naive failed 7 of 100 runs (pass rate 93.0%, 95% CI 86.3%-96.6%)")
        #expect(
            StrategySummary.statement(name: "gated", passed: 100, counted: 100, confidence: 0.95)
                == "gated passed 100 of 100 runs (failure rate below 2.95% at 95% confidence)")
    }
}

extension StatisticsTests {
    /// Exact intervals from published tables (and R's binom.test): 7/100, 0/100, 1/10, 10/10.
    @Test(arguments: [
        (7, 100, 0.02860, 0.13891), (0, 100, 0.0, 0.03622), (1, 10, 0.00253, 0.44502), (10, 10, 0.69150, 1.0),
    ])
    func clopperPearson(events: Int, trials: Int, lower: Double, upper: Double) {
        let interval = ConfidenceBounds.clopperPearson(events: events, trials: trials, confidence: 0.95)
        #expect(abs(interval.lower - lower) < 0.00001)
        #expect(abs(interval.upper - upper) < 0.00001)
    }

    @Test func cleanRunsNeededForATarget() {
        #expect(ConfidenceBounds.cleanRunsNeeded(toProveBelow: 0.01, confidence: 0.95) == 299)
        #expect(ConfidenceBounds.cleanRunsNeeded(toProveBelow: 0.03, confidence: 0.95) == 99)
    }

    @Test func statementsSayWhatTheRunsProve() {
        let worded = { (passed: Int, counted: Int) in
            ConfidenceStatement(provingFrom: passed, counted: counted, confidence: 0.95, target: 0.01)
                .sentence(passed: passed, counted: counted, confidence: 0.95)
        }
        #expect(
            worded(100, 100)
                == "failure rate below 2.95% at 95% confidence after 100 clean runs; 299 clean runs would prove it "
                + "below 1.00%"
        )
        #expect(
            worded(300, 300) == "failure rate below 0.99% at 95% confidence after 300 clean runs (target 1.00% proven)")
        #expect(worded(1, 1).hasPrefix("failure rate below 95.00% at 95% confidence after 1 clean run;"))
        let flaky = ConfidenceStatement(provingFrom: 93, counted: 100, confidence: 0.95, target: 0.01)
        #expect(worded(93, 100) == "failed 7 of 100 runs: failure rate 2.86%-13.89% at 95% confidence")
        #expect(flaky.cleanRunsNeeded == nil)
    }
}

extension StatisticsTests {
    /// 10,000 simulated experiments of 100 runs each with a known pass rate (seeded, so deterministic):
    /// the 95% Wilson interval must contain the true rate in 93% to 97% of them.
    @Test(arguments: [0.5, 0.9, 0.97])
    func wilsonCoverageMatchesItsConfidence(trueRate: Double) {
        var random = SplitMix64(seed: 42)
        var covered = 0
        for _ in 0..<10_000 {
            var passes = 0
            for _ in 0..<100 where Double(random.next() >> 11) / Double(1 << 53) < trueRate { passes += 1 }
            let interval = ProportionInterval.wilson(successes: passes, trials: 100)
            if interval.lower <= trueRate && trueRate <= interval.upper { covered += 1 }
        }
        #expect((9_300...9_700).contains(covered), "covered \(covered) of 10000")
    }
}
