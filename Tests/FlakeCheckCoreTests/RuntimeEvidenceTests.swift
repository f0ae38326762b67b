import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// The evidence pass: which tests it runs, that it reads what the recorder wrote, and how every report
/// says it. (What the recorder itself sees is checked on the real example by `DemoEndToEndTests`.)
@Suite struct RuntimeEvidenceTests {
    static func session(_ package: FakePackage, _ arguments: [String]) throws -> (RunHarnessTests.Session, String) {
        let session = try RunHarnessTests.session(
            package, arguments,
            environment: ["FLAKECHECK_HOOK_LIBRARY": "/lib/recorder.so"])
        try #require(session.report != nil)
        return (session, session.output)
    }

    @Test func flakyTestsRunAloneWithTheRecorderAndEveryReportSaysWhatItSaw() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testFlaky", .failsEvery(4)), RunHarnessTests.xctest("M.C/testStable"),
        ])
        let (session, output) = try Self.session(
            package, ["run", "--runs", "8", "--workers", "1", "--evidence", "--format", "json,html,junit,markdown"])
        let evidence = try #require(session.test("M.C/testFlaky")?.runtimeEvidence)
        #expect(evidence.runs.count == EvidencePass.defaultRuns)
        #expect(
            evidence.runs.allSatisfy {
                $0.yields == 2 && $0.sleeps == [0.01] && $0.unstructuredTasks == 1 && $0.mainActorJobs == 6
                    && $0.tasksStillRunning == 1
            })
        // The fake's 9th, 10th and 11th starts of the test: the 12th would fail, so all three pass.
        #expect(evidence.runs.map(\.outcome) == [.passed, .passed, .passed])
        #expect(
            session.test("M.C/testStable")?.runtimeEvidence == nil, "a stable test with no hazard hint is not re-run")
        let recorderRuns = session.launcher.requests.filter { $0.environment["FLAKECHECK_EVIDENCE_FILE"] != nil }
        #expect(recorderRuns.count == 3)
        #expect(
            recorderRuns.allSatisfy {
                $0.environment["LD_PRELOAD"] == "/lib/recorder.so" && $0.arguments.first == "M.C/testFlaky"
            })
        let sentence =
            "alone, 3 runs: 2 Task.yield() per run, 1 sleep of 10.0 ms per run, 1 unstructured task from the "
            + "package's code per run, 6 main-actor jobs per run, a task still running at the end in 3 of 3 passed runs"
        #expect(session.stdout.contains("at run time: " + sentence), "\(session.stdout)")
        for file in ["report.html", "report.junit.xml", "report.md"] {
            let text = try String(contentsOfFile: output + "/" + file, encoding: .utf8)
            #expect(
                text.contains("alone, 3 runs: 2 Task.yield() per run, 1 sleep of 10.0 ms per run, 1 unstructured task"),
                "\(file)")
        }
        // The measured numbers are the 8 runs', untouched by the evidence runs.
        #expect(session.test("M.C/testFlaky")?.countedRuns == 8)
    }

    @Test func withoutTheFlagNothingIsRecorded() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testFlaky", .failsEvery(2))])
        let (session, _) = try Self.session(package, ["run", "--runs", "4"])
        #expect(session.test("M.C/testFlaky")?.runtimeEvidence == nil)
        #expect(!session.launcher.requests.contains { $0.environment["FLAKECHECK_EVIDENCE_FILE"] != nil })
    }

    @Test func aWaitTheHintNamesButTheRunsNeverMadeIsSaid() {
        let evidence = RuntimeEvidence(runs: [
            .init(yields: 0, sleeps: [], unstructuredTasks: 1, mainActorJobs: 0, outcome: .failed)
        ])
        #expect(
            evidence.sentence(hint: "yield-gated") == "alone, 1 run (1 failed): 1 unstructured task from the package's "
                + "code per run; read as yield-gated, but no Task.yield() ran")
        #expect(
            RuntimeEvidence(runs: [
                .init(yields: 1, sleeps: [], unstructuredTasks: 0, mainActorJobs: 0, outcome: .passed),
                .init(yields: 3, sleeps: [], unstructuredTasks: 0, mainActorJobs: 0, outcome: .passed),
            ])
            .sentence(hint: "yield-gated") == "alone, 2 runs: 1–3 Task.yield() per run")
    }

    /// What the test's own task waited on before its failed check, in order: when every failed run waited
    /// only on one kind, that is the hint, and the code's reading is kept beside it where it differs. A name
    /// this version does not know is left out; a passed run's waits (the recorder writes none) decide nothing.
    @Test func waitsTheFailedRunsAgreeOnBecomeTheHint() throws {
        let package = try FakePackage(tests: [
            RunHarnessTests.xctest("M.C/testFails", .failsEvery(1)),
            RunHarnessTests.xctest("M.C/testStable"),
        ])
        package.recordedEvidence =
            #"{"yields":2,"sleepNanoseconds":[],"unstructuredTasks":0,"mainActorJobs":0,"#
            + #""snapshotTaken":true,"tasksStillRunning":0,"waits":["yield","aWaitFromTheFuture","yield"]}"#
        let (session, output) = try Self.session(
            package, ["run", "--runs", "2", "--evidence-all", "--format", "json,html"])
        let test = try #require(session.test("M.C/testFails"))
        #expect(test.runtimeEvidence?.runs.map(\.waits) == Array(repeating: [.yield, .yield], count: 3))
        #expect(test.hint == "yield-gated" && test.hintReadBy == .runtime && test.readHint == nil, "\(test)")
        let said =
            "before its first failure, its own task waited on 2 Task.yield() (3 runs); observed as yield-gated in "
            + "3 failed runs"
        #expect(test.runtimeEvidence?.sentence(hint: test.hint, readHint: test.readHint).hasSuffix(said) == true)
        #expect(try String(contentsOfFile: output + "/report.html", encoding: .utf8).contains(said))
        let stable = try #require(session.test("M.C/testStable"))
        #expect(stable.runtimeEvidence?.runs.count == 3 && stable.hintReadBy != .runtime, "--evidence-all records it")
        // Without --evidence-all a stable test whose hint names no fragile wait is not re-run.
        let (plain, _) = try Self.session(package, ["run", "--runs", "2", "--evidence"])
        #expect(plain.test("M.C/testStable")?.runtimeEvidence == nil)
    }

    /// Only waits of one kind in every failed run decide: mixed waits, failed runs that disagree, a failed run
    /// without waits, or wakes from outside Swift's tasks (a callback) decide; a task's end counts as a gate, and
    /// nothing; passed runs are not read.
    @Test func onlyWaitsOfOneKindInEveryFailedRunDecide() {
        func evidence(_ waits: [[RuntimeEvidence.Wait]?], passed: Int = 0) -> RuntimeEvidence {
            RuntimeEvidence(
                runs: waits.enumerated().map { index, waits in
                    .init(
                        yields: waits?.filter { $0 == .yield }.count ?? 0,
                        sleeps: Array(repeating: 0.002, count: waits?.filter { $0 == .sleep }.count ?? 0),
                        unstructuredTasks: 0, mainActorJobs: 0, waits: waits,
                        outcome: index < passed ? .passed : .failed)
                })
        }
        #expect(evidence([[.yield], [.yield, .yield]]).observation == .init(hint: .yieldGated, failedRuns: 2))
        #expect(evidence([[.sleep]]).observation?.hint == .sleepGated)
        #expect(evidence([[.resumedByTask], [.resumedByTask]]).observation?.hint == .continuationGated)
        #expect(evidence([[.taskEnded], [.resumedByTask, .taskEnded]]).observation?.hint == .continuationGated)
        #expect(evidence([[.resumedOutside]]).observation == nil)
        #expect(evidence([[.yield, .taskEnded]]).observation == nil)
        #expect(evidence([[.yield, .resumedOutside]]).observation == nil)
        #expect(evidence([[.yield], [.sleep]]).observation == nil)
        #expect(evidence([[.yield], []]).observation == nil)
        #expect(evidence([[.yield], nil]).observation == nil)
        #expect(evidence([nil, [.sleep]], passed: 1).observation == .init(hint: .sleepGated, failedRuns: 1))
        #expect(evidence([nil, nil], passed: 2).observation == nil)
        // Said in order, repeats in a row counted once, the most common list first.
        let mixed = evidence([[.yield, .yield, .resumedByTask], [.sleep], [.sleep]])
        #expect(
            mixed.sentence(hint: "unknown").hasSuffix(
                "its own task waited on a sleep (2 runs); 2 Task.yield(), then a "
                    + "wake by another task (1 run)"), "\(mixed.sentence(hint: "unknown"))")
        // An observation that replaced the reading says both.
        var facts = TestFacts(
            tally: TestTally(identity: TestIdentity(canonicalID: "M.S/t()", framework: .swiftTesting)))
        facts.hint = "none"
        facts.runtimeEvidence = evidence([[.resumedByTask], [.resumedByTask]])
        facts.adoptObservedHint()
        #expect(facts.hint == "continuation-gated" && facts.readHint == "none" && facts.hintReadBy == .runtime)
        // A gated reading stays (a clock's advance shows as yields), unless the runs show the same.
        let clockTest = TestIdentity(canonicalID: "M.S/c()", framework: .swiftTesting)
        var clock = TestFacts(tally: TestTally(identity: clockTest))
        clock.hint = "clock-gated"
        clock.hintReadBy = .index
        clock.runtimeEvidence = evidence([[.yield, .yield]])
        clock.adoptObservedHint()
        #expect(clock.hint == "clock-gated" && clock.readHint == nil && clock.hintReadBy == .index)
        clock.hint = "continuation-gated"
        clock.runtimeEvidence = evidence([[.resumedByTask]])
        clock.adoptObservedHint()
        #expect(clock.hint == "continuation-gated" && clock.readHint == nil && clock.hintReadBy == .runtime)
        #expect(
            facts.runtimeEvidence!.sentence(hint: facts.hint, readHint: facts.readHint).hasSuffix(
                "a wake by another task (2 runs); observed as continuation-gated in 2 failed runs, read from the code "
                    + "as none"
            ))
    }

    /// What resumed a wait decides its kind (#54): a wake by a timer is a sleep, and it replaces a reading of a
    /// continuation's gate, which no other observation may. Passed runs, whose waits run past the first check
    /// to the result, speak only when every one was woken by a timer and by nothing but sleeps.
    @Test func aTimerBehindAContinuationIsASleepInFailedAndPassedRuns() {
        func evidence(_ waits: [[RuntimeEvidence.Wait]?], outcome: TestOutcome) -> RuntimeEvidence {
            RuntimeEvidence(
                runs: waits.map {
                    .init(yields: 0, sleeps: [], unstructuredTasks: 0, mainActorJobs: 0, waits: $0, outcome: outcome)
                })
        }
        #expect(
            evidence([[.resumedByTimer], [.sleep, .resumedByTimer]], outcome: .failed).observation
                == .init(hint: .sleepGated, failedRuns: 2, byTimer: true))
        #expect(evidence([[.resumedByTimer], [.sleep]], outcome: .failed).observation?.byTimer == false)
        #expect(evidence([[.resumedByTimer, .resumedByTask]], outcome: .failed).observation == nil)
        #expect(
            evidence([[.resumedByTimer], [.resumedByTimer]], outcome: .passed).observation
                == .init(hint: .sleepGated, failedRuns: 2, byTimer: true, inPassedRuns: true))
        // A sleep after the check, or a gate, in a passed run decides nothing; nor does one run without waits.
        #expect(evidence([[.sleep]], outcome: .passed).observation == nil)
        #expect(evidence([[.resumedByTask]], outcome: .passed).observation == nil)
        #expect(evidence([[.resumedByTimer], nil], outcome: .passed).observation == nil)

        var facts = TestFacts(
            tally: TestTally(identity: TestIdentity(canonicalID: "M.S/t()", framework: .swiftTesting)))
        facts.hint = "continuation-gated"
        facts.hintReadBy = .index
        facts.runtimeEvidence = evidence([[.resumedByTimer], [.resumedByTimer]], outcome: .passed)
        facts.adoptObservedHint()
        #expect(facts.hint == "sleep-gated" && facts.readHint == "continuation-gated" && facts.hintReadBy == .runtime)
        let sentence = facts.runtimeEvidence!.sentence(hint: facts.hint, readHint: facts.readHint)
        #expect(
            sentence.hasSuffix(
                "until its result, its own task waited on a wake by a timer (asyncAfter, a Foundation Timer, or a "
                    + "task just woken from its sleep) (2 runs); observed as sleep-gated in 2 passed runs (a timer "
                    + "resumed its wait), read from the code as continuation-gated"), "\(sentence)")
        #expect(!sentence.contains("but no sleep"), "a timer is the sleep the hint names")
        // A sleep seen without a timer does not undo a continuation's gate.
        var gated = facts
        gated.hint = "continuation-gated"
        gated.readHint = nil
        gated.hintReadBy = .index
        gated.runtimeEvidence = evidence([[.sleep]], outcome: .failed)
        gated.adoptObservedHint()
        #expect(gated.hint == "continuation-gated" && gated.hintReadBy == .index)
    }
}
