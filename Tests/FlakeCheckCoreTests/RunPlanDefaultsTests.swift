import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Defaults a run plan takes from its context, not from the machine the tests run on.
@Suite struct RunPlanDefaultsTests {
    /// The CPU count comes from the context (the process boundary), not from the machine the test runs on.
    @Test func workersDefaultToTheContextsCPUs() throws {
        var context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
            currentDirectory: NSTemporaryDirectory())
        context.processorCount = 7
        let parsed = try ParsedArguments.parse([], specs: RunCommand.specs)
        #expect(try SessionPlanner(SessionOptions(parsed)).plan(context).workers == 7)
        #expect(!context.handlesInterrupts, "a session in a test leaves SIGINT to the test process")
    }
}
