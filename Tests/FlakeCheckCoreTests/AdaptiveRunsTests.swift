import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

@Suite struct AdaptiveRunsTests {
    @Test func decisionsOnScriptedOutcomes() {
        func reason(_ outcomes: String, target: Double = 0.03) -> String? {
            let passed = outcomes.filter { $0 == "P" }.count
            let counted = outcomes.filter { "PFCT".contains($0) }.count
            let skipped = outcomes.filter { $0 == "S" }.count
            return AdaptiveDecision.stopReason(
                passed: passed, counted: counted, skipped: skipped, confidence: 0.95,
                target: target)
        }
        #expect(reason("PPPF") == "flaky: passed 3 and failed 1 of 4 runs")
        #expect(reason("PPPC")?.hasPrefix("flaky") == true)
        #expect(reason(String(repeating: "P", count: 98)) == nil)
        #expect(
            reason(String(repeating: "P", count: 99))
                == "proven: failure rate below 2.98% at 95% confidence after 99 clean runs")
        #expect(reason(String(repeating: "F", count: 98)) == nil)
        #expect(reason(String(repeating: "F", count: 99)) == "failing: never passed in 99 runs")
        #expect(reason("S") == "skipped: the test skips itself")
        #expect(reason("") == nil)
    }

    /// Scripted results through the scheduler: settled tests drop out of the next runs.
    @Test func schedulerDropsSettledTests() throws {
        let tests = ["M.T/flaky", "M.T/stable"].map { TestIdentity(canonicalID: $0, framework: .xctest) }
        let scheduler = RunScheduler(groups: [tests], maxRuns: 400, confidence: 0.95, target: 0.03)
        var runs = 0
        while let job = scheduler.next() {
            runs += 1
            var results: [String: TestResult] = [:]
            for test in job.tests {
                let failsNow = test.id == "M.T/flaky" && (job.runIndex + 1) % 4 == 0
                results[test.id] = TestResult(outcome: failsNow ? .failed : .passed)
            }
            scheduler.record(results, group: job.group)
            if job.runIndex == 3 { #expect(job.tests.count == 2) }
            if job.runIndex == 4 { #expect(job.tests.map(\.id) == ["M.T/stable"], "flaky settled at run 4") }
        }
        #expect(runs == 99)
        #expect(scheduler.stopDecision(group: 0, id: "M.T/flaky")?.sentence == "flaky: passed 3 and failed 1 of 4 runs")
        #expect(scheduler.stopDecision(group: 0, id: "M.T/stable")?.sentence.hasPrefix("proven:") == true)
    }

    @Test func maxRunsEndsAnUndecidedTest() {
        let tests = [TestIdentity(canonicalID: "M.T/stable", framework: .xctest)]
        let scheduler = RunScheduler(groups: [tests], maxRuns: 10, confidence: 0.95, target: 0.01)
        while let job = scheduler.next() {
            scheduler.record([job.tests[0].id: TestResult(outcome: .passed)], group: job.group)
        }
        #expect(
            scheduler.stopDecision(group: 0, id: "M.T/stable")?.sentence
                == "max-runs reached: still undecided after 10 runs")
    }

    @Test func untilProvenOptionsAreChecked() {
        #expect(CommandLineTests.run(["run", "--until-proven", "--runs", "5"]).0 == ExitCode.usage)
        #expect(CommandLineTests.run(["run", "--max-runs", "5"]).0 == ExitCode.usage)
        #expect(CommandLineTests.run(["run", "--until-proven", "--shard", "1/2"]).0 == ExitCode.usage)
    }
}
