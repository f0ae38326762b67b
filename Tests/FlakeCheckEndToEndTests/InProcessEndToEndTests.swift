import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `--mode in-process`: Swift Testing repeats inside one process per batch; XCTest falls back to a
/// process per run. Both count the every-fourth-run failures exactly.
@Suite(.serialized) struct InProcessEndToEndTests {
    @Test func repetitionsCountExactlyAndTheReportSaysStateWasShared() throws {
        let run = try KnownOutcomesEndToEndTests.flakecheck([
            "run", "--mode", "in-process", "--runs", "8", "--workers", "2",
            "--filter", "FlakySuite|StableSuite/passes|FlakyXCTests",
        ])
        #expect(run.test("AlphaTests.FlakySuite/failsEveryFourthRun()")?.failed == 2)
        #expect(run.test("AlphaTests.FlakySuite/failsEveryFourthRun()")?.passed == 6)
        #expect(run.test("AlphaTests.StableSuite/passes()")?.passed == 8)
        #expect(run.test("AlphaTests.FlakyXCTests/testFailsEveryFourthRun")?.failed == 2)
        #expect(run.report?.configuration.mode == "in-process")
        #expect(run.report?.configuration.notes?.first?.sentence.contains("shared between repetitions") == true)
        #expect(Set(run.report?.runs.map(\.index) ?? []) == Set(0..<8))
    }
}
