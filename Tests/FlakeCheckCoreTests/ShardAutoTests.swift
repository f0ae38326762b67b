import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// `--shard auto` takes the shard from the CI's own parallel-job variables and says which it used.
@Suite struct ShardAutoTests {
    static func session(environment: [String: String]) throws -> (code: Int32, stderr: String, shard: Shard?) {
        let package = try FakePackage(tests: [RunHarnessTests.xctest("M.C/testA")])
        let output = package.folder + "/out"
        let err = CapturedOutput()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: err, environment: environment,
            currentDirectory: package.folder, launcher: package.launcher)
        let code = FlakeCheckCommand.main(
            [
                "run", "--runs", "8", "--shard", "auto", "--quiet", "--package-path", package.folder,
                "--output", output,
            ], context: context)
        let report = try FileManager.default.contents(atPath: output + "/report.json")
            .map { try JSONReportFormat.decode($0, path: "report.json") }
        return (code, err.text, report?.configuration.shard)
    }

    @Test(arguments: [
        (
            ["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "4"], 2, 4,
            "Buildkite (BUILDKITE_PARALLEL_JOB=1"
        ),
        (["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "3"], 1, 3, "CircleCI (CIRCLE_NODE_INDEX=0"),
        (["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"], 3, 3, "GitLab (CI_NODE_INDEX=3"),
    ])
    func eachCIsVariablesGiveTheShard(environment: [String: String], index: Int, count: Int, source: String) throws {
        let run = try Self.session(environment: environment)
        #expect(run.code == ExitCode.success)
        #expect(run.shard == Shard(index: index, count: count))
        #expect(run.stderr.contains("Shard \(index)/\(count) (--shard auto): \(source)"), "\(run.stderr)")
    }

    @Test func withoutTheVariablesItSaysWhatItLookedFor() throws {
        let run = try Self.session(environment: [:])
        #expect(run.code == ExitCode.usage)
        #expect(
            run.stderr.contains(
                "--shard auto found none of BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT (Buildkite)"))
    }

    @Test func gitLabCountsFromOne() throws {
        let run = try Self.session(environment: ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "2"])
        #expect(run.code == ExitCode.usage)
        #expect(run.stderr.contains("CI_NODE_INDEX counts from 1"))
    }
}
