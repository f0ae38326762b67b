import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `run --changed-since REF --budget T --fail-on-new-flaky`, the pull request's gate, on a package whose
/// folder is a git repository: the first commit has three tests and a helper; the second adds a flaky
/// test, changes one test's body and the helper another test calls, and leaves the fourth alone.
@Suite struct ChangedSinceTests {
    static func git(_ folder: String, _ arguments: String...) throws {
        let result = FakePackage.realGit(
            ["-C", folder, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
                + arguments)
        guard result.ending == .exit(0) else {
            throw FlakeCheckError.discoveryFailed(
                "git \(arguments.joined(separator: " ")): \(String(decoding: result.console, as: UTF8.self))")
        }
    }

    static func write(_ folder: String, _ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: folder + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The package at its first commit, then the change as a second commit.
    static func package() throws -> FakePackage {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("MTests.Stable/testBody"),
            RunHarnessTests.xctest("MTests.UsesHelper/testCart"),
            RunHarnessTests.xctest("MTests.Untouched/testOther"),
            RunHarnessTests.xctest("MTests.Fresh/testNew", .failsEvery(3)),
        ])
        let folder = package.folder
        try write(
            folder, "Sources/M/Cart.swift",
            "public func makeCart() -> Int {\n    1\n}\n\npublic func unrelated() -> Int { 2 }\n")
        try write(
            folder, "Tests/MTests/Stable.swift",
            """
            import XCTest
            final class Stable: XCTestCase {
                func testBody() {
                    XCTAssertEqual(1, 1)
                }
            }

            """)
        try write(
            folder, "Tests/MTests/UsesHelper.swift",
            """
            import XCTest
            import M
            final class UsesHelper: XCTestCase {
                func testCart() {
                    XCTAssertEqual(makeCart(), 1)
                }
            }

            """)
        try write(
            folder, "Tests/MTests/Untouched.swift",
            """
            import XCTest
            import M
            final class Untouched: XCTestCase {
                func testOther() { XCTAssertEqual(unrelated(), 2) }
            }

            """)
        try git(folder, "init", "-q")
        try git(folder, "add", ".")
        try git(folder, "commit", "-q", "-m", "first")
        try write(
            folder, "Sources/M/Cart.swift",
            "public func makeCart() -> Int {\n    0 + 1\n}\n\npublic func unrelated() -> Int { 2 }\n")
        try write(
            folder, "Tests/MTests/Stable.swift",
            """
            import XCTest
            final class Stable: XCTestCase {
                func testBody() {
                    XCTAssertEqual(2, 2)
                }
            }

            """)
        try write(
            folder, "Tests/MTests/Fresh.swift",
            """
            import XCTest
            final class Fresh: XCTestCase {
                func testNew() { XCTAssertTrue(true) }
            }

            """)
        try git(folder, "add", ".")
        try git(folder, "commit", "-q", "-m", "the change")
        return package
    }

    @Test func thePullRequestsTestsAreChosenStressedAndGated() throws {
        let package = try Self.package()
        let session = try RunHarnessTests.session(
            package,
            [
                "run", "--changed-since", "HEAD~1", "--budget", "20s",
                "--fail-on-new-flaky", "--workers", "1",
            ])
        let report = try #require(session.report, "\(session.stderr)")
        let changes: [String: TestChange?] = Dictionary(uniqueKeysWithValues: report.tests.map { ($0.id, $0.change) })
        let expected: [String: TestChange?] = [
            "MTests.Fresh/testNew": .new, "MTests.Stable/testBody": .changed,
            "MTests.UsesHelper/testCart": .calls(function: "makeCart"),
        ]
        #expect(changes == expected)
        #expect(session.stderr.contains("MTests.UsesHelper/testCart: calls makeCart, changed"))
        #expect(!session.stderr.contains("Untouched"))
        // The new flaky test failed on its third start and stopped there; the others were proven.
        let fresh = try #require(report.tests.first { $0.id == "MTests.Fresh/testNew" })
        #expect(fresh.failed == 1 && fresh.passed == 2)
        let gateFailure = GateFailure.changedTestFailed(
            test: "MTests.Fresh/testNew", strategy: nil, change: .new,
            failedRuns: 1, runs: 3, firstFailingRun: 3)
        #expect(report.gate.failures == [gateFailure])
        #expect(session.code == ExitCode.gateFailed)
        #expect(session.stdout.contains("(new) failed in 1 of 3 runs; again: flakecheck run --replay"))
        // The others never fail: proven, or (on a slow machine) out of time with what their runs prove.
        for id in ["MTests.Stable/testBody", "MTests.UsesHelper/testCart"] {
            switch report.tests.first(where: { $0.id == id })?.stopDecision {
            case .proven?, .budgetSpent?: break
            case let other: Issue.record("\(id) stopped for \(String(describing: other))")
            }
        }
        #expect(report.configuration.changedSince == "HEAD~1")
    }

    @Test func withNoChangeNothingRunsAndItExitsZero() throws {
        let package = try Self.package()
        let session = try RunHarnessTests.session(
            package, ["run", "--changed-since", "HEAD", "--budget", "1m", "--fail-on-new-flaky"])
        #expect(session.code == ExitCode.success)
        #expect(session.stderr.contains("No test changed since HEAD"))
        #expect(!session.stderr.contains("error:"))
        #expect(session.report == nil)
        #expect(
            !package.launcher.requests.contains {
                $0.executable.hasSuffix(".xctest") && !$0.arguments.contains("--list-tests")
            })
    }

    @Test func anUnknownRevisionSaysWhatToFetch() throws {
        let package = try Self.package()
        let session = try RunHarnessTests.session(package, ["run", "--changed-since", "origin/main"])
        #expect(session.code == ExitCode.nothingMeasured)
        #expect(session.stderr.contains("origin/main names no commit here"))
        // Said before the build, which a bad ref would otherwise cost in full.
        #expect(!package.launcher.requests.contains { $0.arguments.first == "build" })
    }

    /// A budget ends the runs: every test has runs, and each test's stop reason says what its runs prove.
    /// (How close to the budget a session ends is measured, not asserted: Documentation/Benchmarks.md.)
    @Test func aBudgetEndsTheRunsAndSaysWhatTheyProve() throws {
        let package = try FakePackage(tests: (1...6).map { RunHarnessTests.xctest("M.C/test\($0)") })
        package.delay = 0.05
        let session = try RunHarnessTests.session(package, ["run", "--budget", "1s", "--workers", "2", "--quiet"])
        let report = try #require(session.report)
        #expect(report.tests.count == 6)
        for test in report.tests {
            #expect(test.passed > 0, "\(test.id) got runs")
            guard case .budgetSpent(let runs, let bound, _) = test.stopDecision else {
                Issue.record("\(test.id): \(String(describing: test.stopDecision))")
                continue
            }
            #expect(runs == test.passed && bound > 0.01)
            #expect(test.stopReason?.hasPrefix("budget spent: no failure in \(runs) runs: below ") == true)
        }
    }

    @Test(
        arguments: [
            ("90s", 90.0), ("5m", 300), ("1h30m", 5400), ("2.5s", 2.5), ("2.5", nil), ("5", nil), ("0", nil),
            ("5x", nil), ("m", nil),
        ]
            as [(String, Double?)])
    func budgetsRead(text: String, seconds: Double?) {
        #expect(ScheduleOptions.seconds(text) == seconds)
    }

    /// A changed computed property counts as a changed function for the tests that read it, and a test
    /// two calls away is chosen at depth 2, not at depth 1.
    @Test func computedPropertiesAndDepth() {
        let files = [
            "/p/Sources/M/Run.swift":
                "enum Run {\n    static var aborts: Bool {\n        true\n    }\n}\nfunc inner() -> Int {\n    "
                + "1\n}\nfunc outer() -> Int { inner() }\n",
            "/p/Tests/T/T.swift":
                "import XCTest\nfinal class T: XCTestCase {\n    func testReads() { XCTAssert(Run.aborts) }\n    func "
                + "testTwoAway() { XCTAssertEqual(outer(), 1) }\n    func testNothing() { XCTAssert(true) }\n}\n",
        ]
        let changes = ChangeSet(
            revision: "HEAD", changedLines: ["/p/Sources/M/Run.swift": [3...3, 7...7]], addedFiles: [])
        let tests = ["testReads", "testTwoAway", "testNothing"].map {
            TestIdentity(canonicalID: "TTests.T/\($0)", framework: .xctest)
        }
        for depth in [1, 2] {
            let chosen = ChangedTests(index: SourceIndex(files: files), changes: changes, depth: depth) { files[$0] }
                .select(tests)
            let reasons = Dictionary(uniqueKeysWithValues: chosen.map { ($0.test.name, $0.change) })
            #expect(reasons["testReads"] == .calls(function: "Run.aborts"))
            #expect(reasons["testTwoAway"] == (depth == 2 ? .calls(function: "inner", through: ["outer"]) : nil))
            #expect(reasons["testNothing"] == nil)
        }
    }

    @Test func diffHunksGiveTheChangedLines() {
        let diff = """
            diff --git a/Tests/A.swift b/Tests/A.swift
            --- a/Tests/A.swift
            +++ b/Tests/A.swift
            @@ -3 +3 @@ x
            -a
            +b
            @@ -10,2 +10,0 @@
            diff --git a/Tests/New.swift b/Tests/New.swift
            new file mode 100644
            --- /dev/null
            +++ b/Tests/New.swift
            @@ -0,0 +1,4 @@
            """
        let changes = GitChanges.parse(diff: diff, root: "/p")
        #expect(changes.changedLines["/p/Tests/A.swift"] == [3...3, 10...11])
        #expect(changes.addedFiles == ["/p/Tests/New.swift"])
        #expect(changes.touches("/p/Tests/A.swift", 9...10) && !changes.touches("/p/Tests/A.swift", 4...9))
    }
}
