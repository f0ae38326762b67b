import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Runs flakecheck for real (building and spawning) against `Tests/FixturePackages/KnownOutcomes`,
/// whose every outcome is known exactly: the flaky tests fail when their atomically claimed run number
/// is a multiple of 4, so N runs give exactly floor(N/4) failures. No assertion here depends on timing
/// or on a real race.
@Suite(.serialized) struct KnownOutcomesEndToEndTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FixturePackages/KnownOutcomes").path

    struct Run {
        var code: Int32
        var report: FlakeReport?
        var stdout: String
        var stderr: String
        var output: String

        func test(_ id: String) -> TestSummary? { report?.tests.first { $0.id == id } }

        /// The longest run's process time: what a hang or a stuck pipe would stretch. The session's own
        /// wall time is no measure of that, since it includes the fixture package's first (cold) build.
        var longestRunSeconds: Double { report?.runs.map(\.wallSeconds).max() ?? 999 }
    }

    static func flakecheck(_ arguments: [String], state: String? = nil) throws -> Run {
        let output = NSTemporaryDirectory() + "flakecheck-e2e-\(UUID().uuidString)"
        let state = state ?? NSTemporaryDirectory() + "known-outcomes-\(UUID().uuidString)"
        var environment = ProcessInfo.processInfo.environment
        environment["KNOWN_OUTCOMES_STATE_DIR"] = state
        let out = CapturedOutput()
        let err = CapturedOutput()
        let context = CommandContext(
            stdout: out, stderr: err, environment: environment,
            currentDirectory: FileManager.default.currentDirectoryPath)
        let code = FlakeCheckCommand.main(
            arguments + ["--package-path", package, "--output", output, "--quiet"],
            context: context)
        let data = FileManager.default.contents(atPath: output + "/report.json")
        let report = try data.map { try JSONReportFormat.decode($0, path: "report.json") }
        return Run(code: code, report: report, stdout: out.text, stderr: err.text, output: output)
    }

    static let everythingButCrashAndHang = ["--skip", "Crashing|Hanging|Hostile"]

    func expectKnownCounts(_ run: Run, runs: Int) {
        let failures = runs / 4
        let expectations: [(String, Int, Int, Int, Verdict)] = [  // id, passed, failed, skipped, verdict
            ("AlphaTests.StableXCTests/testPasses", runs, 0, 0, .stable),
            ("AlphaTests.StableXCTests/testSlow", runs, 0, 0, .stable),
            ("AlphaTests.FlakyXCTests/testFailsEveryFourthRun", runs - failures, failures, 0, .flaky),
            ("AlphaTests.FailingXCTests/testAlwaysFails", 0, runs, 0, .failing),
            ("AlphaTests.FailingXCTests/testMultilineFailure", 0, runs, 0, .failing),
            ("AlphaTests.SkippedXCTests/testSkipped", 0, 0, runs, .skipped),
            ("AlphaTests.SharedNameTests/testSame", runs, 0, 0, .stable),
            ("BetaTests.SharedNameTests/testSame", 0, runs, 0, .failing),
            ("AlphaTests.StableSuite/passes()", runs, 0, 0, .stable),
            ("AlphaTests.StableSuite/displayNamed()", runs, 0, 0, .stable),
            ("AlphaTests.FlakySuite/failsEveryFourthRun()", runs - failures, failures, 0, .flaky),
            ("AlphaTests.FailingSuite/alwaysFails()", 0, runs, 0, .failing),
            ("AlphaTests.parameterized(value:)", runs, 0, 0, .stable),
            ("AlphaTests.disabled()", 0, 0, runs, .skipped),
            ("AlphaTests.knownIssue()", runs, 0, 0, .stable),
            ("AlphaTests.recordsWarning()", runs, 0, 0, .stable),
            ("AlphaTests.SharedNameSuite/same()/SwiftTestingTests.swift:47:6", runs, 0, 0, .stable),
            ("BetaTests.SharedNameSuite/same()/SharedNameTests.swift:12:6", 0, runs, 0, .failing),
        ]
        #expect(run.report?.tests.count == expectations.count)
        for (id, passed, failed, skipped, verdict) in expectations {
            let test = run.test(id)
            #expect(test?.passed == passed, "\(id) passed")
            #expect(test?.failed == failed, "\(id) failed")
            #expect(test?.skipped == skipped, "\(id) skipped")
            #expect(test?.crashed == 0 && test?.timedOut == 0, "\(id) crashed/timed out")
            #expect(test?.verdict == verdict, "\(id) verdict")
        }
        #expect(run.test("AlphaTests.StableSuite/displayNamed()")?.displayName == #"Display "quoted" name"#)
        #expect(
            run.test("AlphaTests.FailingXCTests/testMultilineFailure")?.failures.first?.message
                == "failed - first line\nsecond line")
        #expect(run.code == ExitCode.gateFailed)
        #expect(run.report?.summary == FlakeReport.Summary(tests: run.report?.tests ?? []))
        #expect(run.report?.summary.flaky == 2)
    }

    @Test func processModeCountsEveryOutcomeExactly() throws {
        let run = try Self.flakecheck(
            ["run", "--runs", "8", "--workers", "2", "--format", "json,html,junit,markdown"]
                + Self.everythingButCrashAndHang)
        expectKnownCounts(run, runs: 8)
        // The JUnit file, read by a strict parser, says test by test what report.json says.
        let cases = try JUnitCheck.read(run.output + "/report.junit.xml")
        let tests = try #require(run.report?.tests)
        let gate = try #require(run.report?.gate)
        // The failed gate is a testcase of its own, so a JUnit reader shows red as the exit code does.
        #expect(cases.count == tests.count + 1)
        #expect(cases.contains { $0.className == "flakecheck" && $0.name == "gate" && $0.children == ["failure"] })
        for test in tests {
            let junit =
                cases.first { $0.className == test.suite && $0.name == (test.displayName ?? test.name) }
                ?? cases.first { $0.className == test.suite && $0.name == test.name }
            let expected: [String] =
                switch test.verdict {
                case .failing: ["failure"]
                case .flaky:
                    (gate.belowThreshold.contains(test.id) ? ["failure"] : [])
                        + Array(repeating: "flakyFailure", count: min(test.failures.count, 5))
                case .skipped: ["skipped"]
                case .notRun: ["error"]
                case .stable: []
                }
            #expect(junit?.children == expected, "\(test.id) in JUnit")
        }
        let html = try String(contentsOfFile: run.output + "/report.html", encoding: .utf8)
        #expect(html.contains("AlphaTests.FlakyXCTests/testFailsEveryFourthRun"))
        #expect(FileManager.default.fileExists(atPath: run.output + "/report.md"))
        #expect(run.report?.runs.count == 8)
        #expect(run.report?.configuration.mode == "process")
        #expect(run.report?.configuration.toolchain?.hasPrefix("Swift version") == true)
        // Every run had a failing test, so every log is kept, inside the output folder.
        for record in run.report?.runs ?? [] {
            let path = try #require(record.logPath)
            #expect(FileManager.default.fileExists(atPath: run.output + "/" + path))
        }
    }

    @Test func swiftTestModeCountsEveryOutcomeExactly() throws {
        let run = try Self.flakecheck(
            ["run", "--runs", "4", "--workers", "2", "--mode", "swift-test"]
                + Self.everythingButCrashAndHang)
        expectKnownCounts(run, runs: 4)
        #expect(run.report?.configuration.mode == "swift-test")
    }

    @Test func crashingTestsAreCrashedAndTheRestStillRun() throws {
        let run = try Self.flakecheck([
            "run", "--runs", "3", "--workers", "2", "--filter",
            "CrashingXCTests|StableXCTests/testPasses|CrashingSuite|StableSuite/passes",
        ])
        for id in ["AlphaTests.CrashingXCTests/testCrashes", "AlphaTests.CrashingSuite/crashes()"] {
            #expect(run.test(id)?.crashed == 3, "\(id)")
            #expect(run.test(id)?.verdict == .failing)
            #expect(run.test(id)?.failures.first?.message.contains("deliberate crash") == true)
        }
        for id in ["AlphaTests.StableXCTests/testPasses", "AlphaTests.StableSuite/passes()"] {
            #expect(run.test(id)?.passed == 3, "\(id) still measured after the crash")
        }
        #expect(run.report?.runs.allSatisfy { $0.signal == 4 } == true)
        #expect(run.code == ExitCode.gateFailed)
    }

    @Test func hangingTestsTimeOutAndTheirProcessGroupIsKilled() throws {
        let run = try Self.flakecheck([
            "run", "--runs", "2", "--workers", "2", "--timeout", "2",
            "--filter", "HangingXCTests|HangingSuite",
        ])
        #expect(run.test("AlphaTests.HangingXCTests/testHangs")?.timedOut == 2)
        #expect(run.test("AlphaTests.HangingSuite/hangs()")?.timedOut == 2)
        #expect(run.report?.runs.allSatisfy(\.timedOut) == true)
        #expect(run.longestRunSeconds < 30)
    }

    @Test func filterThatMatchesNothingExits2() throws {
        let run = try Self.flakecheck(["run", "--runs", "2", "--filter", "NoSuchTestAnywhere"])
        #expect(run.code == ExitCode.nothingMeasured)
        #expect(run.stderr.contains("no test matched --filter NoSuchTestAnywhere"))
        #expect(run.report == nil)
    }

    @Test func gatePassesForStableSelectionAndRespectsMinPassRate() throws {
        let stable = try Self.flakecheck(["run", "--runs", "4", "--filter", "StableXCTests|StableSuite"])
        #expect(stable.code == ExitCode.success)
        #expect(stable.report?.gate.passed == true)
        let flaky = try Self.flakecheck([
            "run", "--runs", "8", "--filter", "FlakyXCTests",
            "--min-pass-rate", "0.75",
        ])
        #expect(flaky.test("AlphaTests.FlakyXCTests/testFailsEveryFourthRun")?.passRate == 0.75)
        #expect(flaky.code == ExitCode.success)
    }

    /// One worker: with two, runs 3 and 4 of a strategy can overlap, so its XCTest and Swift Testing
    /// tests may claim their 4th run in different runs and the strategy fail 3 or 4 runs, not 2 (seen
    /// under load in the full suite).
    @Test func compareInterleavesStrategiesAndSummarisesThem() throws {
        let run = try Self.flakecheck([
            "compare", "--runs", "8", "--workers", "1",
            "--strategy", "every-fourth=FlakyXCTests|FlakySuite",
            "--strategy", "stable=StableXCTests/testPasses|StableSuite/passes",
        ])
        let strategies = try #require(run.report?.strategies)
        #expect(strategies.map(\.name) == ["every-fourth", "stable"])
        #expect(strategies[0].passed == 6 && strategies[0].failed == 2 && strategies[0].verdict == .flaky)
        #expect(strategies[1].passed == 8 && strategies[1].verdict == .stable)
        #expect(strategies[1].statement == "stable passed 8 of 8 runs (failure rate below 31.23% at 95% confidence)")
        #expect(run.report?.runs.count == 16)
        #expect(run.stdout.contains("every-fourth failed 2 of 8 runs"))
    }
}
