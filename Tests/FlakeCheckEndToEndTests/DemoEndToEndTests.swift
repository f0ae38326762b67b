import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `flakecheck demo` on the bundled example: it builds, its deterministic strategies get the verdict
/// they must, and every strategy gets the hint its manifest names. The racy strategies' rates are
/// deliberately not asserted.
@Suite(.serialized) struct DemoEndToEndTests {
    struct Manifest: Decodable {
        var name: String
        var expectation: String
        var hint: String
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func demoVerdictsAndHints() throws {
        let example = Self.repository + "/Examples/ConcurrencyStrategies"
        let manifest = try JSONDecoder().decode(
            [Manifest].self, from: try Data(contentsOf: URL(fileURLWithPath: example + "/strategies.json")))
        let output = NSTemporaryDirectory() + "flakecheck-demo-\(UUID().uuidString)"
        let out = CapturedOutput()
        let context = CommandContext(
            stdout: out, stderr: CapturedOutput(),
            environment: ProcessInfo.processInfo.environment, currentDirectory: Self.repository)
        let code = FlakeCheckCommand.main(["demo", "--runs", "3", "--output", output, "--quiet"], context: context)
        #expect(code == ExitCode.gateFailed, "the example has failing strategies")
        let report = try JSONReportFormat.decode(
            try Data(contentsOf: URL(fileURLWithPath: output + "/report.json")), path: "report.json")
        let strategies = try #require(report.strategies)
        #expect(strategies.map(\.name) == manifest.map(\.name))
        for (strategy, expected) in zip(strategies, manifest) {
            #expect(strategy.hints == [expected.hint], "\(strategy.name) hint")
            #expect(!strategy.testIDs.isEmpty, "\(strategy.name) selects tests")
            #expect(
                strategy.testIDs.contains { !$0.contains("()") } && strategy.testIDs.contains { $0.contains("()") },
                "\(strategy.name) has both an XCTest and a Swift Testing test")
            switch expected.expectation {
            case "stable": #expect(strategy.verdict == .stable, "\(strategy.name) must be stable")
            case "failing": #expect(strategy.verdict == .failing, "\(strategy.name) must fail")
            default: break  // racy: its rate is what the demo measures, not something to assert
            }
        }
        // A hint never contradicts the measurement: no flaky or failing test shows a bare gated label.
        let gated: Set<String> = ["continuation-gated", "clock-gated", "task-local-scoped"]
        for test in report.tests where [.flaky, .failing].contains(test.verdict) && gated.contains(test.hint ?? "") {
            #expect(test.hintFinding != nil, "\(test.id) is \(test.verdict) with a bare \(test.hint!)")
        }
        // Runtime evidence (always on in the demo): what the recorder saw is what each test's code does,
        // a count of calls on its path, the same in every run whatever the race did.
        func evidence(_ id: String) -> [RuntimeEvidence.Run] {
            report.tests.first { $0.id == "ConcurrencyStrategiesTests." + id }?.runtimeEvidence?.runs ?? []
        }
        for (id, yields) in [
            ("LoadingStateTests/singleYield()", 1), ("LoadingStateXCTests/testSingleYield", 1),
            ("LoadingStateTests/doubleYield()", 2), ("LoadingStateXCTests/testDoubleYield", 2),
        ] {
            #expect(!evidence(id).isEmpty && evidence(id).allSatisfy { $0.yields == yields }, "\(id): \(evidence(id))")
        }
        for id in ["PrefetchTests/sleepGatedPrefetch()", "PrefetchXCTests/testSleepGatedPrefetch"] {
            // A 10 ms sleep, seen when it starts: what is left of it is at most 10 ms. How much is left
            // depends on how late the recorder sees it on a loaded machine (4.4 ms was seen once), so
            // only the bound is asserted.
            #expect(
                !evidence(id).isEmpty
                    && evidence(id).allSatisfy { $0.sleeps.count == 1 && $0.sleeps[0] > 0 && $0.sleeps[0] <= 0.0101 },
                "\(id): \(evidence(id))")
        }
        for id in ["ActorMockTests/fireAndForgetCount()", "ActorMockXCTests/testFireAndForgetCount"] {
            #expect(
                !evidence(id).isEmpty && evidence(id).allSatisfy { $0.unstructuredTasks == 1 && $0.yields == 0 },
                "\(id): \(evidence(id))")
        }
        // The main-actor test checks before its main-actor task can start, and the failure is printed
        // before the test suspends: the task is still running then, in every run.
        let early = evidence("LoadingStateTests/checkBeforeTaskRuns()")
        #expect(!early.isEmpty && early.allSatisfy { $0.outcome == .failed && $0.tasksStillRunning == 1 }, "\(early)")
        for id in ["LoadingStateTests/awaitWholeCall()", "LoadingStateXCTests/testAwaitWholeCall"] {
            #expect(
                !evidence(id).isEmpty
                    && evidence(id).allSatisfy { $0.unstructuredTasks == 0 && $0.yields == 0 && $0.sleeps.isEmpty },
                "\(id): \(evidence(id))")
        }
        #expect(out.text.contains("Strategies (a run passes when all of the strategy's tests pass)"))
    }
}
