import Foundation
import Testing
@testable import FlakeCheckCore

/// The evidence pass: which tests it runs, that it reads what the recorder wrote, and how every report
/// says it. (What the recorder itself sees is checked on the real example by `DemoEndToEndTests`.)
@Suite struct RuntimeEvidenceTests {
    static func session(_ package: FakePackage, _ arguments: [String]) throws -> (RunHarnessTests.Session, String) {
        let output = package.folder + "/out"
        let out = CapturedOutput()
        let launcher = package.launcher
        let context = CommandContext(stdout: out, stderr: CapturedOutput(), environment: ["FLAKECHECK_HOOK_LIBRARY": "/lib/recorder.so"],
                                     currentDirectory: package.folder, launcher: launcher)
        let code = FlakeCheckCommand.main(arguments + ["--package-path", package.folder, "--output", output], context: context)
        let report = try JSONReportFormat.decode(try #require(FileManager.default.contents(atPath: output + "/report.json")),
                                                 path: "report.json")
        return (.init(code: code, stdout: out.text, stderr: "", report: report, launcher: launcher), output)
    }

    @Test func flakyTestsRunAloneWithTheRecorderAndEveryReportSaysWhatItSaw() throws {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testFlaky", .failsEvery(4)), RunHarnessTests.xctest("M.C/testStable")])
        let (session, output) = try Self.session(package, ["run", "--runs", "8", "--workers", "1", "--evidence", "--format", "json,html,junit,markdown"])
        let evidence = try #require(session.test("M.C/testFlaky")?.runtimeEvidence)
        #expect(evidence.runs.count == EvidencePass.defaultRuns)
        #expect(evidence.runs.allSatisfy { $0.yields == 2 && $0.sleeps == [0.01] && $0.unstructuredTasks == 1 && $0.mainActorJobs == 6
            && $0.tasksStillRunning == 1 })
        // The fake's 9th, 10th and 11th starts of the test: the 12th would fail, so all three pass.
        #expect(evidence.runs.map(\.outcome) == [.passed, .passed, .passed])
        #expect(session.test("M.C/testStable")?.runtimeEvidence == nil, "a stable test with no hazard hint is not re-run")
        let recorderRuns = session.launcher.requests.filter { $0.environment["FLAKECHECK_EVIDENCE_FILE"] != nil }
        #expect(recorderRuns.count == 3)
        #expect(recorderRuns.allSatisfy { $0.environment["LD_PRELOAD"] == "/lib/recorder.so" && $0.arguments.first == "M.C/testFlaky" })
        let sentence = "alone, 3 runs: 2 Task.yield() per run, 1 sleep of 10.0 ms per run, 1 unstructured task from the "
            + "package's code per run, 6 main-actor jobs per run, a task still running at the end in 3 of 3 passed runs"
        #expect(session.stdout.contains("at run time: " + sentence), "\(session.stdout)")
        for file in ["report.html", "report.junit.xml", "report.md"] {
            let text = try String(contentsOfFile: output + "/" + file, encoding: .utf8)
            #expect(text.contains("alone, 3 runs: 2 Task.yield() per run, 1 sleep of 10.0 ms per run, 1 unstructured task"), "\(file)")
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
        let evidence = RuntimeEvidence(runs: [.init(yields: 0, sleeps: [], unstructuredTasks: 1, mainActorJobs: 0, outcome: .failed)])
        #expect(evidence.sentence(hint: "yield-gated") == "alone, 1 run (1 failed): 1 unstructured task from the package's "
            + "code per run; read as yield-gated, but no Task.yield() ran")
        #expect(RuntimeEvidence(runs: [.init(yields: 1, sleeps: [], unstructuredTasks: 0, mainActorJobs: 0, outcome: .passed),
                                       .init(yields: 3, sleeps: [], unstructuredTasks: 0, mainActorJobs: 0, outcome: .passed)])
            .sentence(hint: "yield-gated") == "alone, 2 runs: 1–3 Task.yield() per run")
    }
}
