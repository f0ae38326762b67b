import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Test processes that misbehave on purpose (`HostileTests.HostileXCTests` in the KnownOutcomes fixture
/// package): none may hang flakecheck, lose the report, or be counted as a pass it was not. Each case runs
/// 2 runs on 2 workers, with a 60 s timeout that none of them should reach; the wall-time bounds are sanity
/// bounds, not benchmarks.
@Suite(.serialized) struct HostileChildrenEndToEndTests {
    typealias Run = KnownOutcomesEndToEndTests.Run

    static func hostile(_ method: String) throws -> (Run, TestSummary?) {
        let run = try KnownOutcomesEndToEndTests.flakecheck(
            ["run", "--filter", "HostileXCTests/\(method)$", "--runs", "2", "--workers", "2", "--timeout", "60"])
        #expect(FileManager.default.fileExists(atPath: run.output + "/report.json"), "report.json written")
        #expect(
            run.report?.tests.count == 1,
            "only \(method) measured, nothing unknown: \(run.report?.tests.map(\.id) ?? [])")
        #expect(run.report?.runs.count == 2)
        #expect(run.report?.runs.allSatisfy { !$0.timedOut } == true, "no run reached the timeout")
        return (run, run.test("HostileTests.HostileXCTests/\(method)"))
    }

    /// Exactly `crashed` crashes in 2 runs, nothing else, and the gate fails.
    static func expectCrashed(_ run: Run, _ test: TestSummary?, messageContains text: String) {
        #expect(test?.crashed == 2)
        #expect(
            test?.passed == 0 && test?.failed == 0 && test?.skipped == 0 && test?.timedOut == 0 && test?.notRun == 0)
        #expect(test?.verdict == .failing)
        #expect(
            test?.failures.first?.message.contains(text) == true, "\(test?.failures.first?.message ?? "no failure")")
        #expect(run.code == ExitCode.gateFailed)
    }

    /// 100 MB on stdout is drained as it streams; the test still passes.
    @Test func floodingStdoutStillPasses() throws {
        let (run, test) = try Self.hostile("testFloodsStdout")
        #expect(test?.passed == 2 && test?.crashed == 0 && test?.notRun == 0)
        #expect(test?.verdict == .stable)
        #expect(run.code == ExitCode.success)
        #expect(run.longestRunSeconds < 120)
    }

    /// A print without a trailing newline glues XCTest's result line onto it; the pass is still found.
    @Test func printWithoutTrailingNewlineStillPasses() throws {
        let (run, test) = try Self.hostile("testPrintsWithoutTrailingNewline")
        #expect(test?.passed == 2 && test?.crashed == 0 && test?.notRun == 0)
        #expect(run.code == ExitCode.success)
    }

    /// After closing stdout and stderr XCTest cannot print the result; the process then exits 0 without
    /// a summary. flakecheck waits for it (it does not kill it at end-of-output) and counts a crash.
    @Test func closingStdoutIsNotAPass() throws {
        let (run, test) = try Self.hostile("testClosesStdoutAndKeepsRunning")
        Self.expectCrashed(run, test, messageContains: "the process exited with status 0 while this test was running")
        #expect(run.report?.runs.allSatisfy { $0.signal == nil } == true, "flakecheck sent no signal")
        #expect(run.report?.runs.allSatisfy { $0.wallSeconds >= 0.9 } == true, "it waited for the 1 s sleep")
        #expect(run.longestRunSeconds < 30)
    }

    /// A grandchild holding the pipe delays the end only by the 2 s drain grace; then the group is killed.
    @Test func grandchildHoldingThePipeDoesNotHang() throws {
        let (run, test) = try Self.hostile("testGrandchildHoldsPipe")
        #expect(test?.passed == 2 && test?.crashed == 0 && test?.notRun == 0)
        #expect(test?.verdict == .stable)
        #expect(run.code == ExitCode.success)
        #expect(run.report?.runs.allSatisfy { $0.exitCode == 0 && $0.signal == nil } == true)
        #expect(run.longestRunSeconds < 30)
    }

    @Test func sigkillIsACrash() throws {
        let (run, test) = try Self.hostile("testKillsItselfWithSIGKILL")
        Self.expectCrashed(run, test, messageContains: "crashed with signal 9 (SIGKILL)")
        #expect(run.report?.runs.allSatisfy { $0.signal == 9 } == true)
        #expect(run.longestRunSeconds < 30)
    }

    /// Exit status 0 in the middle of a test, with no result and no summary, is not a pass.
    @Test func silentExitZeroIsACrash() throws {
        let (run, test) = try Self.hostile("testExitsZeroSilently")
        Self.expectCrashed(run, test, messageContains: "the process exited with status 0 while this test was running")
        #expect(run.report?.runs.allSatisfy { $0.exitCode == 0 } == true)
        #expect(run.longestRunSeconds < 30)
    }

    /// A fake "passed" line for the test and a fake end-of-run summary, then a real crash: crashed.
    @Test func fakeSummaryBeforeACrashIsACrash() throws {
        let (run, test) = try Self.hostile("testFakeSummaryAfterCrash")
        Self.expectCrashed(run, test, messageContains: "deliberate crash after a fake summary")
        #expect(run.report?.runs.allSatisfy { $0.signal == 4 } == true)
        #expect(run.longestRunSeconds < 30)
    }
}
