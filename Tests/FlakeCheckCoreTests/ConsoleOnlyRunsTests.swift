import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Runs alone read Swift Testing's console instead of its event stream (whose encoding keeps parallel
/// tests apart), only for a process of several tests that the console names apart, and the run's record
/// says which runs did.
@Suite struct ConsoleOnlyRunsTests {
    static let binary = "/p/.build/debug/PTests.xctest"

    static func invocation(
        _ arguments: [String],
        frameworks: Set<TestFramework> = [.swiftTesting]
    ) -> TestInvocation {
        TestInvocation(
            request: ProcessRequest(executable: binary, arguments: arguments, environment: [:]),
            testIDs: ["M.S/a()"], frameworks: frameworks, eventStreamPath: "/tmp/events.jsonl")
    }

    /// Exactly the stream's two options and their values go; nothing without a stream, with XCTest in
    /// the process, or with repetitions (read from the stream) is changed.
    @Test func onlyTheEventStreamsOptionsAreDropped() throws {
        let streamed = Self.invocation([
            "--testing-library", "swift-testing", "--filter", "^a$",
            "--event-stream-output-path", "/tmp/events.jsonl", "--event-stream-version", "6.3",
        ])
        let quiet = try #require(streamed.readingConsoleOnly())
        #expect(quiet.request.arguments == ["--testing-library", "swift-testing", "--filter", "^a$"])
        #expect(quiet.eventStreamPath == nil && quiet.testIDs == streamed.testIDs)
        var without = streamed
        without.eventStreamPath = nil
        #expect(without.readingConsoleOnly() == nil)
        let mixed = Self.invocation(streamed.request.arguments, frameworks: [.swiftTesting, .xctest])
        #expect(mixed.readingConsoleOnly() == nil)
        #expect(Self.invocation(streamed.request.arguments + ["--repetitions", "3"]).readingConsoleOnly() == nil)
        // Before 6.3 the stream's version 0 turns warning issues off: dropping it would change what a test does.
        let versionZero = streamed.request.arguments.map { $0 == "6.3" ? "0" : $0 }
        #expect(Self.invocation(versionZero).readingConsoleOnly() == nil)
    }

    /// The console prints a function name, or a display name in quotes: two tests that print the same
    /// are not told apart, an XCTest test is never read this way, a display name differs from a name.
    @Test func theConsoleMustNameEveryTestApart() {
        let catalog = TestCatalog([
            TestIdentity(canonicalID: "M.S/other()", framework: .swiftTesting),
            TestIdentity(canonicalID: "M.T/other()", framework: .swiftTesting),
            TestIdentity(canonicalID: "M.S/racy()", framework: .swiftTesting),
            TestIdentity(
                id: "M.S/named()", framework: .swiftTesting, suite: "M.S", name: "named()",
                displayName: "other()"),
            TestIdentity(canonicalID: "M.C/testOther", framework: .xctest),
            TestIdentity(
                id: "M.S/quoted()", framework: .swiftTesting, suite: "M.S", name: "quoted()",
                displayName: "Returns \"nil\" when empty"),
            TestIdentity(
                id: "M.S/twoLines()", framework: .swiftTesting, suite: "M.S", name: "twoLines()",
                displayName: "first\nsecond"),
        ])
        #expect(catalog.consoleNamesApart(["M.S/other()", "M.S/racy()"]))
        #expect(catalog.consoleNamesApart(["M.S/other()", "M.S/named()"]))
        #expect(!catalog.consoleNamesApart(["M.S/other()", "M.T/other()", "M.S/racy()"]))
        #expect(!catalog.consoleNamesApart(["M.S/racy()", "M.C/testOther"]))
        #expect(!catalog.consoleNamesApart(["M.S/racy()", "M.S/unknown()"]))
        // A quote or a line break in a display name would end the printed name early.
        #expect(!catalog.consoleNamesApart(["M.S/racy()", "M.S/quoted()"]))
        #expect(!catalog.consoleNamesApart(["M.S/twoLines()"]))
    }

    /// Against processes: a test that fails exactly when its process writes no event stream fails in
    /// exactly the runs whose record says `consoleOnly`, which are runs alone; every test keeps one outcome
    /// per run; a process holding two tests the console prints alike keeps its stream.
    @Test func aRunReadFromTheConsoleIsWhatTheRecordSays() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.swiftTesting("M.S/racy()", .failsWithoutEventStream),
            RunHarnessTests.swiftTesting("M.S/other()"), RunHarnessTests.swiftTesting("M.T/other()"),
            RunHarnessTests.xctest("M.C/testStable"),
        ])
        let session = try RunHarnessTests.session(
            package, ["run", "--runs", "40", "--workers", "2", "--perturb-seed", "7", "--quiet"])
        RunHarnessTests.expectInvariant(session, package, runs: 40)
        let report = try #require(session.report)
        let racy = try #require(session.test("M.S/racy()"))
        let quiet = report.runs.filter { $0.perturbation?.consoleOnly == true }
        try #require(quiet.count >= 3, "\(report.runs.map { $0.perturbation?.arm?.rawValue ?? "-" })")
        #expect(Set(racy.failingRuns) == Set(quiet.map(\.index)), "\(racy.history)")
        #expect(quiet.allSatisfy { [.alone, .pairsApart].contains($0.perturbation?.arm) })
        // The whole selection prints `other()` twice, so only a process of the pair apart drops its stream.
        #expect(quiet.allSatisfy { $0.perturbation?.pairsApart?.contains { $0.contains(racy.id) } == true })
        #expect(report.tests.filter { $0.id != racy.id }.allSatisfy { $0.failed == 0 })
        let streamless = session.launcher.requests.filter {
            $0.arguments.contains("swift-testing") && !$0.arguments.contains("--list-tests")
                && !$0.arguments.contains("--event-stream-output-path")
        }
        // One per such run: the pair apart. The rest's Swift Testing process holds `M.T/other()` alone, and a
        // process of one test keeps its stream.
        #expect(streamless.count == quiet.count)
        let holdingTheLoneTest = session.launcher.requests.filter {
            $0.arguments.contains("^(?:M\\.T\\/other\\(\\))(?:/|$)")
        }
        #expect(
            !holdingTheLoneTest.isEmpty
                && holdingTheLoneTest.allSatisfy { $0.arguments.contains("--event-stream-output-path") })
        #expect(
            !streamless.contains {
                $0.arguments.joined().contains("M\\.S/other") && $0.arguments.joined().contains("M\\.T/other")
            })
    }
}

/// Under the busy-CPUs arm flakecheck keeps every CPU busy itself, so a reader at idle priority would
/// hardly run: those processes are read at normal priority, all others at idle.
@Suite struct ReaderPriorityTests {
    @Test func onlyRunsBesideFlakechecksOwnLoadAreReadAtNormalPriority() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.swiftTesting("M.S/a()"), RunHarnessTests.xctest("M.C/testB"),
        ])
        let session = try RunHarnessTests.session(
            package,
            [
                "run", "--runs", "12", "--workers", "2", "--hunt", "--arms", "busyCPUs,plain", "--perturb-seed", "3",
                "--quiet",
            ])
        let report = try #require(session.report)
        let busy = report.runs.filter { $0.perturbation?.arm == .busyCPUs }.count
        try #require(busy > 0 && busy < 12, "\(busy)")
        let tests = session.launcher.requests.filter {
            $0.executable.hasSuffix(".xctest") && !$0.arguments.contains("--list-tests")
        }
        #expect(tests.filter { !$0.readsOutputAtIdlePriority }.count == 2 * busy, "both libraries' processes")
        #expect(tests.filter(\.readsOutputAtIdlePriority).count == 2 * (12 - busy))
    }
}

/// A failure read from the console (`File.swift:42:9`) and the same failure read from the event stream
/// (`/p/Tests/File.swift:42:9`) are one group under the path, whichever came first; another line, or
/// another file's same name in a different message, stays apart.
@Suite struct ConsoleLocationTests {
    static let identity = TestIdentity(canonicalID: "M.S/racy()", framework: .swiftTesting)

    static func failed(_ location: String, _ message: String = "Expectation failed: !expired") -> TestResult {
        TestResult(outcome: .failed, failures: [FailureRecord(message: message, location: location)])
    }

    @Test(arguments: [true, false])
    func theSameFailureReadEitherWayIsOneGroup(consoleFirst: Bool) {
        var tally = TestTally(identity: Self.identity)
        let console = Self.failed("SeamTests.swift:42:9"), stream = Self.failed("/p/Tests/SeamTests.swift:42:9")
        let order = consoleFirst ? [console, stream, console] : [stream, console, console]
        for run in order.indices { tally.record(order[run], runIndex: run) }
        tally.record(Self.failed("SeamTests.swift:43:9"), runIndex: 3)
        tally.record(Self.failed("Other.swift:42:9", "Expectation failed: other"), runIndex: 4)
        let groups = tally.failureCounts.map { ($0.key.location ?? "", $0.value.count, $0.value.runIndices) }
            .sorted { $0.0 < $1.0 }
        #expect(groups.map(\.0) == ["/p/Tests/SeamTests.swift:42:9", "Other.swift:42:9", "SeamTests.swift:43:9"])
        #expect(groups.map(\.1) == [3, 1, 1])
        #expect(groups.first?.2 == [0, 1, 2])
    }
}
