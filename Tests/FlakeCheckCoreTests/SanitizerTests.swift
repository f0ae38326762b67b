import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `--sanitize thread`: ThreadSanitizer's own reports (written by Swift 6.3.1 on Linux for the races in
/// the fixtures' comments) are read into accesses, stacks and a location, attributed to the tests whose
/// functions are on the stacks, deduplicated across runs, and kept apart from test outcomes.
@Suite struct SanitizerTests {
    /// Two parallel Swift Testing tests appending to one `nonisolated(unsafe)` global through `record(_:)`.
    @Test func aSwiftAccessRaceOnAGlobalNamesBothTestsAndTheGlobal() throws {
        let reports = ThreadSanitizerLog.reports(in: try Fixture.text("linux-6.3.1-tsan-global.txt"))
        #expect(reports.count == 1)
        let report = try #require(reports.first)
        #expect(report.kind == "Swift access race")
        #expect(
            report.summary
                == "Swift access race /tmp/tsanpkg/Sources/Racy/Counter.swift in Racy.record(Swift.String) -> ()")
        #expect(report.location == "global 'Racy.sharedLog : Swift.Array<Swift.String>' of size 8")
        #expect(report.accesses.map(\.description).allSatisfy { !$0.contains("0x") })
        #expect(report.accesses.count == 2, "thread-creation sections are not accesses")
        let first = try #require(report.accesses.first?.frames)
        #expect(
            first[0]
                == SanitizerReport.Frame(
                    function: "Racy.record(Swift.String) -> ()",
                    file: "/tmp/tsanpkg/Sources/Racy/Counter.swift", line: nil))
        #expect(first[1].function.contains("RacyTests.RaceSuite.append") && first[1].line == 7 || first[1].line == 6)
        let ids = [
            "RacyTests.RaceSuite/appendA()", "RacyTests.RaceSuite/appendB()", "RacyTests.RaceSuite/quiet()",
            "RacyTests.RaceXCTests/testConcurrentWrites",
        ]
        #expect(
            Set(SanitizerAttribution.tests(of: report, among: ids)) == [
                "RacyTests.RaceSuite/appendA()", "RacyTests.RaceSuite/appendB()",
            ])
    }

    /// A class instance's property written from `concurrentPerform` in one XCTest: ThreadSanitizer reports
    /// it twice, as a Swift access race and as a data race, both on a heap block.
    @Test func aHeapRaceIsTwoReportsOfOneTest() throws {
        let reports = ThreadSanitizerLog.reports(in: try Fixture.text("linux-6.3.1-tsan-heap.txt"))
        #expect(reports.map(\.kind) == ["Swift access race", "data race"])
        #expect(reports.allSatisfy { $0.location?.hasPrefix("heap block of size 24") == true })
        #expect(reports[1].accesses.first?.description.hasPrefix("Write of size 8 by thread") == true)
        #expect(
            reports.allSatisfy {
                SanitizerAttribution.tests(
                    of: $0, among: ["RacyTests.HeapRaceXCTests/testHeapRace", "RacyTests.Other/testHeap"])
                    == ["RacyTests.HeapRaceXCTests/testHeapRace"]
            })
    }

    @Test func needlesNameTheTestsOwnFunction() {
        #expect(SanitizerAttribution.needle(for: "M.Class/testX") == "Class.testX(")
        #expect(SanitizerAttribution.needle(for: "M.Suite/name(label:)") == "Suite.name(")
        #expect(SanitizerAttribution.needle(for: "M/topLevel()") == "M.topLevel(")
        #expect(SanitizerAttribution.needle(for: "M.Outer/Inner/name()") == "Inner.name(")
        #expect(SanitizerAttribution.needle(for: "M.topLevel()") == "M.topLevel(")
        #expect(SanitizerAttribution.needle(for: "nothing") == nil)
        // A top-level Swift Testing test's ID has no `/`: its task group's children still name it.
        let frame = SanitizerReport.Frame(
            function: "closure #1 () async -> () in closure #1 (inout Swift.TaskGroup<()>) "
                + "async -> () in UncheckedGlobalsTests.twoTasksCountEveryHit() async -> ()")
        let report = SanitizerReport(
            kind: "data race", summary: "s", location: nil,
            accesses: [.init(description: "Write", frames: [frame])])
        #expect(
            SanitizerAttribution.tests(
                of: report, among: ["UncheckedGlobalsTests.twoTasksCountEveryHit()", "M.C/testA"])
                == ["UncheckedGlobalsTests.twoTasksCountEveryHit()"])
    }

    /// The same race in runs 2 and 5 is one finding; a race through the same helper from another test is
    /// another; no report, no finding.
    @Test func findingsAreOnePerRaceAcrossRuns() throws {
        let global = try #require(ThreadSanitizerLog.reports(in: try Fixture.text("linux-6.3.1-tsan-global.txt")).first)
        var other = global
        other.accesses = other.accesses.map { access in
            var access = access
            access.frames[1].function = "closure #1 in RacyTests.RaceXCTests.testConcurrentWrites() -> ()"
            return access
        }
        var a = global
        a.tests = ["A"]
        var b = global
        b.tests = ["B"]
        let findings = SanitizerAttribution.findings([(5, [b]), (2, [a, other])])
        #expect(findings.count == 2)
        #expect(findings[0].runs == [2, 5])
        #expect(findings[0].tests == ["A", "B"])
        #expect(findings[1].runs == [2])
        #expect(SanitizerAttribution.findings([]).isEmpty)
    }

    /// One race that ThreadSanitizer calls a "Swift access race" in one run and a "data race" at a line in
    /// another (the DataRaces fixture did, in a CI run) is one finding seen in both runs; a heap
    /// use-after-free in the same function is not that race.
    @Test func aSwiftAccessRaceAndADataRaceOnOneVariableAreOneFinding() throws {
        let global = try #require(ThreadSanitizerLog.reports(in: try Fixture.text("linux-6.3.1-tsan-global.txt")).first)
        var access = global
        access.kind = "Swift access race"
        access.summary = "Swift access race Sources/Ledger/Ledger.swift in Ledger.count() -> ()"
        var data = global
        data.kind = "data race"
        data.summary = "data race Sources/Ledger/Ledger.swift:9:29 in Ledger.count() -> ()"
        var freed = global
        freed.kind = "heap-use-after-free"
        freed.summary = "heap-use-after-free Sources/Ledger/Ledger.swift:9:29 in Ledger.count() -> ()"
        let findings = SanitizerAttribution.findings([(1, [access]), (2, [data]), (3, [access, freed])])
        #expect(findings.count == 2)
        #expect(findings.first?.runs == [1, 2, 3])
        #expect(findings.first?.report.kind == "Swift access race")
        #expect(findings.last?.report.kind == "heap-use-after-free")
    }

    /// The user's options override the exit sleep, never where reports go or the exit status.
    @Test func optionsKeepTheUsersButOwnTheLogAndExitCode() {
        #expect(
            Sanitizer.thread.options(logPrefix: "/o/tsan-1", existing: nil).value
                == "atexit_sleep_ms=50:exitcode=0:log_path=/o/tsan-1")
        #expect(
            Sanitizer.thread.options(logPrefix: "/o/tsan-1", existing: "").value
                == "atexit_sleep_ms=50:exitcode=0:log_path=/o/tsan-1")
        let mixed = Sanitizer.thread.options(
            logPrefix: "/o/tsan-2", existing: "atexit_sleep_ms=1000:log_path=/mine:halt_on_error=1")
        #expect(mixed.name == "TSAN_OPTIONS")
        #expect(
            mixed.value
                == "atexit_sleep_ms=50:atexit_sleep_ms=1000:log_path=/mine:halt_on_error=1:exitcode=0:log_path=/o/tsan-2"
        )
    }

    /// Two shards checked out in different folders find the same race: their summaries name the file
    /// relative to the package, and the merge is one finding with both shards' runs and tests.
    @Test func shardsFindingTheSameRaceMergeIntoOne() throws {
        let global = try #require(ThreadSanitizerLog.reports(in: try Fixture.text("linux-6.3.1-tsan-global.txt")).first)
        let folder = "/tmp/tsanpkg"
        #expect(global.summary.contains(folder + "/Sources/Racy/Counter.swift"))
        var moved = global
        moved.summary = global.summary.replacingOccurrences(of: folder, with: "/elsewhere/checkout")
        var a = global
        a.tests = ["A"]
        var b = moved
        b.tests = ["B"]
        let first = SanitizerAttribution.findings([(1, [a]), (3, [a])], packagePath: folder)
        let second = SanitizerAttribution.findings([(2, [b])], packagePath: "/elsewhere/checkout")
        #expect(!first[0].report.summary.contains(folder))
        #expect(first[0].report.summary == second[0].report.summary)
        let merged = SanitizerAttribution.merged([first, second])
        #expect(merged.count == 1)
        #expect(merged.first?.runs == [1, 2, 3])
        #expect(merged.first?.tests == ["A", "B"])
    }

    /// Garbage, a report cut off mid-stack, and a flood past the cap: nothing is invented, nothing grows
    /// without bound.
    @Test func hostileLogsStayBounded() throws {
        #expect(ThreadSanitizerLog.reports(in: "hello\n#0 not a frame\nSUMMARY: ThreadSanitizer: data race x").isEmpty)
        let text = try Fixture.text("linux-6.3.1-tsan-global.txt")
        let previous = try #require(text.range(of: "Previous"))
        let cut = String(text[..<previous.lowerBound])
        let partial = ThreadSanitizerLog.reports(in: cut)
        #expect(partial.count == 1 && partial[0].accesses.count == 1 && partial[0].summary == "Swift access race")
        let flood = String(repeating: text, count: ThreadSanitizerLog.maximumReports + 20)
        #expect(ThreadSanitizerLog.reports(in: flood).count == ThreadSanitizerLog.maximumReports)
        let deep =
            "WARNING: ThreadSanitizer: data race (pid=1)\n  Write of size 8 at 0x1 by thread T1:\n"
            + (0..<100).map { "    #\($0) f\($0) /x.swift:\($0) (m+0x1)" }.joined(separator: "\n")
        #expect(
            ThreadSanitizerLog.reports(in: deep).first?.accesses.first?.frames.count == ThreadSanitizerLog.maximumFrames
        )
    }

    /// A race fails the gate with its own reason and changes no test's verdict; every format shows it.
    @Test func aFindingFailsTheGateButNoTest() throws {
        let global = try #require(ThreadSanitizerLog.reports(in: try Fixture.text("linux-6.3.1-tsan-global.txt")).first)
        let finding = SanitizerFinding(report: global, runs: [3, 4], tests: ["RacyTests.RaceSuite/appendA()"])
        var report = HostileReport.make()
        report.configuration.sanitizer = .thread
        report.configuration.packagePath = "/tmp/tsanpkg"
        let clean = FlakeReport.assemble(
            command: "run", configuration: report.configuration, startedAt: "s", finishedAt: "f",
            wallSeconds: 1, interrupted: false, runs: report.runs, tests: report.tests,
            strategies: nil, sanitizerFindings: [])
        let racy = FlakeReport.assemble(
            command: "run", configuration: report.configuration, startedAt: "s", finishedAt: "f",
            wallSeconds: 1, interrupted: false, runs: report.runs, tests: report.tests,
            strategies: nil, sanitizerFindings: [finding])
        #expect(racy.tests.map(\.verdict) == clean.tests.map(\.verdict))
        #expect(!racy.gate.passed)
        #expect(racy.gate.reasons.count == clean.gate.reasons.count + 1)
        #expect(racy.gate.reasons.last?.hasPrefix("ThreadSanitizer: Swift access race") == true)
        let terminal = TerminalReport(useColor: false).render(racy)
        #expect(terminal.contains("ThreadSanitizer: 1 race"))
        #expect(terminal.contains("Racy.record(Swift.String) -> ()  Sources/Racy/Counter.swift"), "\(terminal)")
        #expect(terminal.contains("in 2 of"))
        #expect(MarkdownReport().render(racy).contains("```text\n- Swift access race"))
        #expect(HTMLReport().render(racy).contains("<h2>ThreadSanitizer (1)</h2>"))
        let junit = JUnitReport().render(racy)
        #expect(junit.contains("<testsuite name=\"ThreadSanitizer\" tests=\"1\" failures=\"1\""))
        #expect(try JSONReportFormat.decode(JSONReportFormat.encode(racy), path: "r").sanitizerFindings == [finding])
        #expect(TerminalReport(useColor: false).render(clean).contains("ThreadSanitizer reported no race in"))
    }

    @Test func sanitizeRefusesWhatItCannotRunBeside() {
        let refused = [
            ["--shorten-sleeps"], ["--explore-schedules"], ["--evidence"], ["--mode", "swift-test"],
            ["--archive", "a.tar"],
        ]
        for extra in refused {
            let (code, _, err) = CommandLineTests.run(["run", "--sanitize", "thread"] + extra)
            #expect(code == ExitCode.usage, "\(extra)")
            #expect(err.contains("--sanitize thread does not combine with"), "\(err)")
        }
        let (code, _, err) = CommandLineTests.run(["run", "--sanitize", "address"])
        #expect(code == ExitCode.usage)
        #expect(err.contains("--sanitize takes thread"), "\(err)")
    }
}
