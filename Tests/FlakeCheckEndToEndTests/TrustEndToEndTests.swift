import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Hostile runs end to end, against real processes of the KnownOutcomes fixture: a chatty hang, a crash
/// among parallel Swift Testing tests that never reproduces alone, 2,500 long-named XCTest methods,
/// two Swift Testing strategies at once, and Ctrl-C during a cold build. Wall-time bounds are sanity
/// bounds (the bug each guards against took minutes), not benchmarks.
@Suite(.serialized) struct TrustEndToEndTests {
    static func flakecheck(_ arguments: [String]) throws -> KnownOutcomesEndToEndTests.Run {
        try KnownOutcomesEndToEndTests.flakecheck(arguments)
    }

    @Test func chattyHangIsKilledAtTheTimeout() throws {
        let run = try Self.flakecheck([
            "run", "--filter", "ChattyHangXCTests", "--runs", "2", "--workers", "2", "--timeout", "2",
        ])
        let test = run.test("HostileTests.ChattyHangXCTests/testPrintsWhileHanging")
        #expect(test?.timedOut == 2)
        #expect(run.code == ExitCode.gateFailed)
        #expect(run.longestRunSeconds < 60, "the hang prints for 5 minutes unless killed")
    }

    /// Every 3rd run in which both tests shared a process crashes; alone, neither crashes. Over 6 runs
    /// that is exactly runs 3 and 6 of the pair's shared runs, each counted as a crash of both.
    @Test func crashAmongParallelTestsThatNeverCrashesAloneFailsTheGate() throws {
        let run = try Self.flakecheck(["run", "--filter", "ParallelCrashSuite", "--runs", "6", "--workers", "1"])
        let report = try #require(run.report)
        #expect(report.summary.unattributedCrashes == 2)
        Self.expectEachCounted(
            run, \.crashed,
            [
                "HostileTests.ParallelCrashSuite/crashesBesideAPartner()",
                "HostileTests.ParallelCrashSuite/partnerHoldsTheProcess()",
            ])
        #expect(run.stdout.contains("unattributed crash"))
        #expect(run.stdout.contains("candidates: HostileTests.ParallelCrashSuite/"))
        let incident = report.runs.compactMap(\.incidents).first?.first
        #expect(incident?.candidates.count == 2)
        #expect(incident?.blamed == [])
    }

    /// Over 6 runs of a pair that fails together on every 3rd shared run: each test has the outcome in
    /// exactly 2 runs and passed the other 4, and the gate fails.
    static func expectEachCounted(
        _ run: KnownOutcomesEndToEndTests.Run, _ outcome: KeyPath<TestSummary, Int>,
        _ ids: [String]
    ) {
        for id in ids {
            #expect(run.test(id)?[keyPath: outcome] == 2, "\(id)")
            #expect(run.test(id)?.passed == 4, "\(id)")
        }
        #expect(run.code == ExitCode.gateFailed)
    }

    /// The same for a hang: killed at the timeout, both candidates re-run alone under it, neither hangs
    /// alone, so each counts as timed out in that run (exactly runs 3 and 6 of the pair's shared runs).
    @Test func hangAmongParallelTestsThatNeverHangsAloneFailsTheGate() throws {
        let run = try Self.flakecheck([
            "run", "--filter", "ParallelHangSuite", "--runs", "6", "--workers", "1",
            "--timeout", "4",
        ])
        let report = try #require(run.report)
        #expect(report.summary.unattributedTimeouts == 2)
        Self.expectEachCounted(
            run, \.timedOut,
            [
                "HostileTests.ParallelHangSuite/hangsBesideAPartner()",
                "HostileTests.ParallelHangSuite/partnerWaitsForTheOther()",
            ])
        #expect(run.stdout.contains("unattributed timeout"))
        #expect((report.wallSeconds) < 120)
    }

    /// About 300 KB of selectors: split into arguments that fit, a few processes a run, never one process
    /// per test after a failed spawn.
    @Test func thousandsOfLongNamedXCTestsRunInAFewProcesses() throws {
        let run = try Self.flakecheck(["run", "--filter", "LongNamedXCTests", "--runs", "2", "--workers", "2"])
        let report = try #require(run.report)
        #expect(report.tests.count == 2_500)
        #expect(report.tests.allSatisfy { $0.passed == 2 })
        let processes = report.runs.map(\.processes.count)
        #expect(processes.allSatisfy { $0 >= 3 && $0 <= 5 }, "\(processes)")
        #expect(report.summary.spawnFailures == 0)
        #expect(run.code == ExitCode.success)
    }

    /// Two Swift Testing strategies, run at once on 2 workers: no result is lost.
    @Test func twoSwiftTestingStrategiesAtOnceLoseNothing() throws {
        let run = try Self.flakecheck([
            "compare", "--strategy", "stable=StableSuite", "--strategy", "flaky=FlakySuite", "--runs", "8",
            "--workers", "2",
        ])
        let report = try #require(run.report)
        #expect(report.tests.allSatisfy { $0.notRun == 0 })
        #expect(report.strategies?.first { $0.name == "stable" }?.passed == 8)
        #expect(report.strategies?.first { $0.name == "flaky" }?.failed == 2)
        #expect((report.summary.lostResults ?? 0) == 0)
    }

    /// Ctrl-C during a cold build stops `swift build` (its own process group) and says so.
    @Test func interruptDuringAColdBuildStopsTheBuild() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let executable = root.appendingPathComponent(".build/debug/flakecheck").path
        try #require(FileManager.default.isExecutableFile(atPath: executable), "build flakecheck first")
        let copy = NSTemporaryDirectory() + "flakecheck-cold-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        for item in ["Package.swift", "Sources", "Tests"] {
            try FileManager.default.copyItem(
                atPath: KnownOutcomesEndToEndTests.package + "/" + item, toPath: copy + "/" + item)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["run", "--package-path", copy, "--output", copy + "/out", "--runs", "1"]
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until the build has started (its first output line), then press Ctrl-C.
        let started = Date()
        while !Self.processes(mentioning: copy).contains(where: { $0.contains("swift-build") }),
            Date().timeIntervalSince(started) < 60
        {
            Thread.sleep(forTimeInterval: 0.1)
        }
        Thread.sleep(forTimeInterval: 1)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let stderr = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == ExitCode.interrupted)
        #expect(stderr.contains("interrupted during the build"), "\(stderr.suffix(500))")
        Thread.sleep(forTimeInterval: 1)
        #expect(Self.processes(mentioning: copy).isEmpty, "no build process left: \(Self.processes(mentioning: copy))")
    }

    /// Command lines of running processes that mention `text` (Linux's /proc).
    static func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard Int(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else {
                return nil
            }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }
}
