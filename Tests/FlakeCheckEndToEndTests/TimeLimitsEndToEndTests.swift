import Foundation
import Testing
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckSupport

/// `--timeout` bounds each test from its own start, against the TimeLimits fixture whose every outcome
/// its README wrote down before the first run: three 2 s tests in one process (6 s, past a 5 s limit as
/// a whole) all pass, and in every mode the only tests timed out are the two that hang.
@Suite(.serialized) struct TimeLimitsEndToEndTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FixturePackages/TimeLimits").path

    static let hangs = ["TimeLimitTests.HangingXCTests/testHangs", "TimeLimitTests.SlowSuite/hangs()"]
    static let passes = [
        "TimeLimitTests.SlowXCTests/testSlowOne", "TimeLimitTests.SlowXCTests/testSlowTwo",
        "TimeLimitTests.SlowXCTests/testSlowThree", "TimeLimitTests.HangingXCTests/testQuickAfterTheHang",
        "TimeLimitTests.SlowSuite/slowOne()", "TimeLimitTests.SlowSuite/slowTwo()",
        "TimeLimitTests.SlowSuite/slowThree()",
    ]

    static func flakecheck(_ arguments: [String]) throws -> (code: Int32, report: FlakeReport?, stdout: String) {
        let output = NSTemporaryDirectory() + "flakecheck-time-limits-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let stdout = CapturedOutput()
        let context = CommandContext(
            stdout: stdout, stderr: CapturedOutput(), environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath)
        let code = FlakeCheckCommand.main(arguments + ["--output", output, "--quiet"], context: context)
        let data = FileManager.default.contents(atPath: output + "/report.json")
        return (code, try data.map { try JSONReportFormat.decode($0, path: "report.json") }, stdout.text)
    }

    @Test(arguments: ["process", "in-process"])
    func onlyTheTestsThatHangAreTimedOut(mode: String) throws {
        let run = try Self.flakecheck([
            "run", "--package-path", Self.package, "--mode", mode, "--filter", "SlowXCTests|HangingXCTests|SlowSuite",
            "--runs", "2", "--workers", "2", "--timeout", "5", "--recheck", "off",
        ])
        let report = try #require(run.report, "\(mode)")
        for id in Self.hangs {
            let test = report.tests.first { $0.id == id }
            #expect(test?.timedOut == 2, "\(mode) \(id)")
            #expect(
                test?.failures.first?.message.contains("still running 5 s after it started (--timeout)") == true,
                "\(mode) \(id): \(test?.failures.first?.message ?? "")")
        }
        for id in Self.passes {
            #expect(report.tests.first { $0.id == id }?.passed == 2, "\(mode) \(id)")
        }
        #expect(report.summary.unattributedTimeouts == 0, "\(mode)")
        #expect(run.code == ExitCode.gateFailed, "\(mode)")
    }

    /// `swift test` prints a test process's output only when it ends, so no test start is seen while it
    /// runs: the process bound (one limit per test and one more) ends it, nobody is blamed for that, and
    /// its tests run again one per process, where the hang alone runs out.
    @Test func underSwiftTestTheProcessBoundFindsTheHangAlone() throws {
        let run = try Self.flakecheck([
            "run", "--package-path", Self.package, "--mode", "swift-test", "--filter", "SlowXCTests|HangingXCTests",
            "--runs", "1", "--workers", "1", "--timeout", "5",
        ])
        let report = try #require(run.report)
        let hang = report.tests.first { $0.id == Self.hangs[0] }
        #expect(hang?.timedOut == 1)
        #expect(hang?.failures.first?.message.contains("started for this test alone") == true)
        for id in Self.passes where id.contains("XCTests") {
            #expect(report.tests.first { $0.id == id }?.passed == 1, "\(id)")
        }
        #expect(report.summary.unattributedTimeouts == 0)
        #expect(report.summary.lostResults == 0)
        #expect(run.code == ExitCode.gateFailed)
    }

    /// Failures that are timing checks, failing only beside another worker: whatever the re-check can
    /// show in its time, no note names a port, a file or a race.
    @Test func aTimingFailureUnderParallelLoadIsCalledOne() throws {
        let run = try Self.flakecheck([
            "run", "--package-path", Self.package, "--filter", "MeasuredXCTests", "--runs", "4", "--workers", "2",
            "--recheck", "6",
        ])
        let report = try #require(run.report)
        for id in ["TimeLimitTests.MeasuredXCTests/testElapsedTimeUnderLoad", "TimeLimitTests.MeasuredXCTests/testMeasureDeviation"] {
            let test = try #require(report.tests.first { $0.id == id })
            #expect(test.failed == 4, "\(id)")
            if let note = test.workerOverlap {
                #expect(note.cause == .timingUnderLoad, "\(id): \(note.message)")
                #expect(note.soloPassed == note.soloRuns, "\(id)")
                #expect(!note.message.contains("port"), "\(id)")
            }
        }
        #expect(run.code == ExitCode.gateFailed)
    }
}
