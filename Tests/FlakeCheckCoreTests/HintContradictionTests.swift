import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// A hint never contradicts the measurement: a test the runs found flaky or failing is not shown as
/// gated without what the gate misses, in any report format; where the reading cannot tell, it says
/// `unknown`.
@Suite struct HintContradictionTests {
    /// The rule, checked on a whole report: every flaky or failing test with a deterministic hint carries
    /// a finding, and its strategy's hint list never shows the bare label.
    static func expectNoBareGatedHint(_ report: FlakeReport, sourceLocation: SourceLocation = #_sourceLocation) {
        let gated: Set<String> = ["continuation-gated", "clock-gated", "task-local-scoped"]
        for test in report.tests where [.flaky, .failing].contains(test.verdict) && gated.contains(test.hint ?? "") {
            #expect(
                test.hintFinding != nil, "\(test.id) is \(test.verdict) with a bare \(test.hint!)",
                sourceLocation: sourceLocation)
        }
        for strategy in report.strategies ?? [] where strategy.verdict != .stable {
            #expect(
                !strategy.hints.contains(where: gated.contains), "\(strategy.name): \(strategy.hints)",
                sourceLocation: sourceLocation)
        }
    }

    /// A package whose XCTest test waits on a continuation at line 5 of `Fake.swift` before its check at
    /// line 6, while the fake package's failures point at line 3 of a file of that name: a check above the
    /// gate.
    static func packageWithAGatedTest(_ behaviour: FakePackage.Behaviour) throws -> FakePackage {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testA", behaviour), RunHarnessTests.xctest("M.C/testB"),
        ])
        try FileManager.default.createDirectory(atPath: package.folder + "/Tests/M", withIntermediateDirectories: true)
        try """
        final class C: XCTestCase {
            func testA() async {
                XCTAssertTrue(model.loaded)
                await model.load()
                await withCheckedContinuation { continuation in model.onLoad = { continuation.resume() } }
                XCTAssertEqual(model.items.count, 3)
            }
            func testB() {}
        }

        """.write(toFile: package.folder + "/Tests/M/Fake.swift", atomically: true, encoding: .utf8)
        return package
    }

    @Test func aFlakyTestReadAsContinuationGatedSaysTheCheckRunsBeforeTheGate() throws {
        let package = try Self.packageWithAGatedTest(.failsEvery(4))
        let output = package.folder + "/out"
        let out = CapturedOutput()
        let context = CommandContext(
            stdout: out, stderr: CapturedOutput(), environment: [:], currentDirectory: package.folder,
            launcher: package.launcher)
        _ = FlakeCheckCommand.main(
            [
                "run", "--runs", "8", "--format", "json,html,junit,markdown", "--package-path",
                package.folder, "--output", output,
            ], context: context)
        let report = try JSONReportFormat.decode(
            try #require(FileManager.default.contents(atPath: output + "/report.json")),
            path: "report.json")
        let session = RunHarnessTests.Session(
            code: 0, stdout: out.text, stderr: "", report: report, launcher: package.launcher)
        let test = try #require(session.test("M.C/testA"))
        #expect(test.verdict == .flaky && test.hint == "continuation-gated")
        #expect(test.hintGate?.location == package.folder + "/Tests/M/Fake.swift:5")
        #expect(
            test.hintFinding == "continuation-gated, yet flaky: the check at /src/Fake.swift:3 runs before the gate at "
                + package.folder + "/Tests/M/Fake.swift:5 is awaited (failed 2 of 8 runs)")
        Self.expectNoBareGatedHint(try #require(session.report))
        #expect(session.stdout.contains("hint: continuation-gated, yet flaky: the check at /src/Fake.swift:3"))
        for file in try FileManager.default.contentsOfDirectory(atPath: output)
        where file.hasPrefix("report.") && !file.hasSuffix(".json") {
            let text = try String(contentsOfFile: output + "/" + file, encoding: .utf8)
            #expect(text.contains("continuation-gated, yet flaky"), "\(file)")
        }
        // The stable test beside it keeps its label, unqualified.
        #expect(session.test("M.C/testB")?.hintFinding == nil)
    }

    @Test func aFailingTestWhoseFailureIsNotAboveTheGateSaysWhatFailsIsNotBehindIt() {
        var test = Self.summary(verdict: .failing, passed: 0, failed: 5)
        test.hintGate = HintGate(location: "/p/Tests/CartTests.swift:20", functionLine: 10)
        test.failures = [
            .init(message: "expected 2", location: "CartTests.swift:31", count: 5, runIndices: [0, 1, 2, 3, 4])
        ]
        let finding = HintContradiction(test)
        #expect(finding?.failureBeforeGate == false)
        #expect(
            finding?.sentence
                == "continuation-gated, yet failing: a continuation is reached at /p/Tests/CartTests.swift:20, "
                + "but the test failed all 5 runs, first at CartTests.swift:31; what fails is not behind that gate")
    }

    /// Two child tasks racing on a global inside a task group: the group's scope is a wait for other
    /// work, and the contradiction says so instead of calling it a continuation.
    @Test func aTaskGroupIsNamedAWaitNotAContinuation() throws {
        let detector = Self.detector([
            "/p/Tests/M/T.swift": """
            @Test func countsEveryHit() async {
                hits = 0
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<2 { group.addTask { recordHit() } }
                }
                #expect(hits == 2)
            }
            """
        ])
        let identity = TestIdentity(
            id: "M.countsEveryHit()", framework: .swiftTesting, suite: "M", name: "countsEveryHit()",
            sourcePath: "/p/Tests/M/T.swift", sourceLine: 1)
        let reading = try #require(detector.reading(for: identity))
        #expect(reading.hint == .continuationGated)
        #expect(reading.gate == HintGate(location: "/p/Tests/M/T.swift:3", functionLine: 1, kind: .signalWait))
        var test = Self.summary(verdict: .flaky, passed: 29, failed: 1)
        test.hintGate = reading.gate
        let sentence = try #require(HintContradiction(test)?.sentence)
        #expect(sentence.hasPrefix("continuation-gated, yet flaky: a wait for other work (task group, "), "\(sentence)")
        #expect(!sentence.contains("a continuation is reached"))
    }

    @Test func aGateReachedOnlyThroughACallIsSaidSo() {
        var test = Self.summary(verdict: .flaky, passed: 3, failed: 1)
        test.hint = "clock-gated"
        #expect(
            HintContradiction(test)?.sentence
                == "clock-gated, yet flaky: a clock's advance is reached only inside code "
                + "the test calls, but the test failed 1 of 4 runs; what fails is not behind that gate")
    }

    @Test func hintsThatAgreeWithTheMeasurementAreLeftAlone() {
        #expect(HintContradiction(Self.summary(verdict: .stable, passed: 4, failed: 0)) == nil)
        var yield = Self.summary(verdict: .flaky, passed: 3, failed: 1)
        yield.hint = "yield-gated"
        #expect(HintContradiction(yield) == nil, "a hazard on a flaky test is the expected reading")
    }

    @Test func aMergedReportRewordsTheFindingFromItsOwnCounts() throws {
        var first = Self.summary(verdict: .stable, passed: 4, failed: 0)
        first.hintGate = HintGate(location: "/p/T.swift:9", functionLine: 5)
        var second = first
        second.passed = 3
        second.failed = 1
        second.verdict = .flaky
        #expect(HintContradiction(first) == nil)
        #expect(HintContradiction(second)?.gate == first.hintGate)
    }

    // The static side: a yield or sleep in the test itself beside a continuation.

    static func detector(_ files: [String: String]) -> HintDetector {
        HintDetector(index: SourceIndex(files: files))
    }

    /// A yield of the test's own, then a helper whose own text holds no wait but which awaits the fake's
    /// continuation one call further down: the helper's wait is followed to its end, so the awaited call's
    /// place puts the two in order, and the check relies on the continuation (read `unknown` until
    /// 2026-11-28, when a helper's waits were read only from its own text).
    @Test func ownYieldBeforeAHelperThatAwaitsAContinuationIsGated() {
        let detector = Self.detector([
            "/p/Tests/M/T.swift": """
            @Test func loads() async {
                let fake = FakeLoader()
                model.start(fake)
                await Task.yield()
                await Harness(fake).settle()
                #expect(model.done)
            }
            struct Harness {
                let fake: FakeLoader
                func settle() async { await fake.waitForCall() }
            }
            final class FakeLoader {
                func waitForCall() async { await withCheckedContinuation { resume = $0 } }
            }
            """
        ])
        let test = TestIdentity(
            id: "M.loads()", framework: .swiftTesting, suite: "M", name: "loads()",
            sourcePath: "/p/Tests/M/T.swift", sourceLine: 1)
        #expect(detector.hint(for: test) == .continuationGated)
    }

    /// The same with the fake's wait awaited by the test itself, after its yield and right before the check:
    /// the call's place puts the two in order, and the check relies on the continuation (until 2026-11-27
    /// a helper's wait had no place, and this read `unknown` too).
    @Test func ownYieldThenAHelpersContinuationIsContinuationGated() {
        let detector = Self.detector([
            "/p/Tests/M/T.swift": """
            @Test func loads() async {
                let fake = FakeLoader()
                model.start(fake)
                await Task.yield()
                await fake.waitForCall()
                #expect(model.done)
            }
            final class FakeLoader {
                func waitForCall() async { await withCheckedContinuation { resume = $0 } }
            }
            """
        ])
        let test = TestIdentity(
            id: "M.loads()", framework: .swiftTesting, suite: "M", name: "loads()",
            sourcePath: "/p/Tests/M/T.swift", sourceLine: 1)
        #expect(detector.hint(for: test) == .continuationGated)
    }

    @Test func ownYieldWithAContinuationOnlyInTheCodeUnderTestIsYieldGated() {
        let detector = Self.detector([
            "/p/Tests/M/T.swift": """
            @Test func downloads() async {
                let model = Model()
                model.refresh()
                await Task.yield()
                #expect(model.items.count == 3)
            }
            """,
            "/p/Sources/App/Model.swift": """
            final class Model {
                func refresh() { Task { items = await fetch() } }
                func fetch() async -> [Int] { await withCheckedContinuation { c in client.get { c.resume(returning: $0) } } }
            }
            """,
        ])
        let test = TestIdentity(
            id: "M.downloads()", framework: .swiftTesting, suite: "M", name: "downloads()",
            sourcePath: "/p/Tests/M/T.swift", sourceLine: 1)
        #expect(detector.hint(for: test) == .yieldGated)
    }

    static func summary(verdict: Verdict, passed: Int, failed: Int) -> TestSummary {
        var tally = TestTally(identity: TestIdentity(canonicalID: "M.S/t()", framework: .swiftTesting))
        for run in 0..<(passed + failed) {
            tally.record(TestResult(outcome: run < passed ? .passed : .failed), runIndex: run)
        }
        var summary = TestSummary(tally: tally, confidence: 0.95)
        summary.hint = "continuation-gated"
        summary.verdict = verdict
        return summary
    }
}
