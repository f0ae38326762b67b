import Foundation
import Testing
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckSupport

/// Crashes after a test's own result (a class `tearDown`, an exit handler, a thread left behind), each
/// beside an innocent partner, against the ExitCrashes fixture whose every outcome its README wrote down
/// before the first run. In every mode the culprit crashes in every run and the partner passes in every
/// run; `parse` of the same `swift test` output cannot re-run anything, so its gate fails on an incident
/// that names the suspects.
@Suite(.serialized) struct ExitCrashesEndToEndTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FixturePackages/ExitCrashes").path

    /// Each culprit with its partner: (filter, culprit, innocent).
    static let pairs = [
        (
            "ClassTearDown|Bystander", "ExitCrashTests.ClassTearDownCrashXCTests/testPassesBeforeClassTearDownCrashes",
            "ExitCrashTests.BystanderXCTests/testPasses"
        ),
        (
            "ExitHandlerXCTests|Bystander", "ExitCrashTests.ExitHandlerXCTests/testRegistersAnAbortingExitHandler",
            "ExitCrashTests.BystanderXCTests/testPasses"
        ),
        (
            "ExitHandlerSuite", "ExitCrashTests.ExitHandlerSuite/registersAnAbortingExitHandler()",
            "ExitCrashTests.ExitHandlerSuite/innocentPartner()"
        ),
        (
            "LeftThreadSuite", "ExitCrashTests.LeftThreadSuite/leavesAThreadThatCrashesAtExit()",
            "ExitCrashTests.LeftThreadSuite/innocentNeighbour()"
        ),
        (
            "SignalThreadSuite", "ExitCrashTests.SignalThreadSuite/leavesAThreadThatSignalsAtExit()",
            "ExitCrashTests.SignalThreadSuite/innocentBystander()"
        ),
    ]

    static func flakecheck(_ arguments: [String]) throws -> (code: Int32, report: FlakeReport?) {
        let output = NSTemporaryDirectory() + "flakecheck-exit-crashes-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath)
        let code = FlakeCheckCommand.main(arguments + ["--output", output, "--quiet"], context: context)
        let data = FileManager.default.contents(atPath: output + "/report.json")
        return (code, try data.map { try JSONReportFormat.decode($0, path: "report.json") })
    }

    @Test(arguments: ["process", "swift-test", "in-process"])
    func theCulpritCrashesInEveryRunAndThePartnerIsSpared(mode: String) throws {
        for (filter, culprit, innocent) in Self.pairs {
            let run = try Self.flakecheck([
                "run", "--package-path", Self.package, "--mode", mode, "--filter", filter, "--runs", "2",
            ])
            let report = try #require(run.report, "\(mode) \(filter)")
            let culpritSummary = report.tests.first { $0.id == culprit }
            #expect(culpritSummary?.crashed == 2, "\(mode) \(filter)")
            #expect(culpritSummary?.verdict == .failing, "\(mode) \(filter)")
            #expect(report.tests.first { $0.id == innocent }?.passed == 2, "\(mode) \(filter)")
            #expect(report.tests.first { $0.id == innocent }?.verdict == .stable, "\(mode) \(filter)")
            #expect(run.code == ExitCode.gateFailed, "\(mode) \(filter)")
        }
    }

    /// `swift test` exits 1 on each of these logs; `parse` cannot tell which test took the process down
    /// after both reported, so it names both and fails the gate instead of calling the run clean.
    @Test func parseOfTheSwiftTestLogFailsTheGateAndNamesTheSuspects() throws {
        let build = try SwiftTool.run(["build", "--build-tests"], in: Self.package)
        #expect(build.status == 0, "\(build.output)")
        // SwiftPM prints nothing when a test process dies of SIGTERM (it exits 1, but the log is a clean
        // run's, line for line): nothing in that log can say the process died, so it is left out here.
        for (filter, culprit, innocent) in Self.pairs where filter != "SignalThreadSuite" {
            let test = try SwiftTool.run(["test", "--skip-build", "--filter", filter], in: Self.package)
            #expect(test.status != 0, "\(filter): swift test exits non-zero on every run of this package")
            let log = NSTemporaryDirectory() + "exit-crashes-\(UUID().uuidString).log"
            defer { try? FileManager.default.removeItem(atPath: log) }
            try test.output.write(toFile: log, atomically: true, encoding: .utf8)
            let run = try Self.flakecheck(["parse", log, "--package-path", Self.package])
            let report = try #require(run.report, "\(filter)")
            #expect(run.code == ExitCode.gateFailed, "\(filter)")
            let incident = report.runs.flatMap { $0.incidents ?? [] }.first { $0.kind == .crash }
            #expect(Set(incident?.candidates ?? []) == [culprit, innocent], "\(filter)")
        }
    }
}
