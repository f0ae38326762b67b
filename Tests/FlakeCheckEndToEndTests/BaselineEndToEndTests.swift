import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `flakecheck baseline --from` then `run --baseline`: the known-flaky test no longer trips the gate.
@Suite(.serialized) struct BaselineEndToEndTests {
    @Test func baselineFromAReportSilencesTheGateForItsTests() throws {
        let selection = ["run", "--filter", "FlakyXCTests|StableXCTests/testPasses", "--runs", "8"]
        let first = try KnownOutcomesEndToEndTests.flakecheck(selection)
        #expect(first.code == ExitCode.gateFailed)
        let baseline = NSTemporaryDirectory() + "fc-baseline-\(UUID().uuidString).json"
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
            currentDirectory: NSTemporaryDirectory())
        #expect(
            FlakeCheckCommand.main(
                [
                    "baseline", "--from", first.output + "/report.json", "--output", baseline,
                    "--reason", "every fourth run", "--expires", "2999-01-01",
                ], context: context) == 0)
        let second = try KnownOutcomesEndToEndTests.flakecheck(selection + ["--baseline", baseline])
        #expect(second.code == ExitCode.success)
        #expect(second.test("AlphaTests.FlakyXCTests/testFailsEveryFourthRun")?.baseline?.state == .knownFlaky)
        #expect(second.test("AlphaTests.FlakyXCTests/testFailsEveryFourthRun")?.failed == 2)
    }
}
