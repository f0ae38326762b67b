import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// Build once, run the shards elsewhere: an archive of the Matrix package runs its two shards from a
/// folder with no package in it (so nothing can have been built there), and the merged report says per
/// test what a one-machine run says. The Matrix tests' outcomes depend on the run number only.
@Suite(.serialized) struct ArchiveEndToEndTests {
    static func main(_ arguments: [String], in folder: String) -> (code: Int32, stderr: String) {
        let err = CapturedOutput()
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: err, environment: ProcessInfo.processInfo.environment,
            currentDirectory: folder)
        return (FlakeCheckCommand.main(arguments, context: context), err.text)
    }

    @Test func shardsOfAnArchiveMergeIntoTheOneMachineReport() throws {
        let work = NSTemporaryDirectory() + "fc-archive-\(UUID().uuidString)"
        let elsewhere = work + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let selection = ["--filter", "XCFeatures|STFeatures", "--runs", "8", "--quiet"]
        let package = FeatureMatrixEndToEndTests.package

        let archived = Self.main(
            ["archive", "--package-path", package, "--output", work + "/matrix.tar.gz", "--quiet"], in: work)
        #expect(archived.code == ExitCode.success, "\(archived.stderr)")
        let whole = Self.main(
            ["run", "--package-path", package, "--no-build", "--output", work + "/whole"] + selection, in: work)
        for index in 1...2 {
            let shard = Self.main(
                [
                    "run", "--archive", work + "/matrix.tar.gz", "--package-path", elsewhere, "--shard", "\(index)/2",
                    "--output", work + "/shard\(index)",
                ] + selection, in: elsewhere)
            #expect(shard.code == whole.code, "\(shard.stderr)")
        }
        #expect(
            !FileManager.default.fileExists(atPath: elsewhere + "/.build"), "nothing was built where the shards ran")
        let merged = Self.main(
            [
                "merge", work + "/shard1/report.json", work + "/shard2/report.json", "--output", work + "/merged",
                "--quiet",
            ], in: work)
        #expect(merged.code == whole.code, "\(merged.stderr)")

        func read(_ folder: String) throws -> FlakeReport {
            try JSONReportFormat.decode(
                try #require(FileManager.default.contents(atPath: work + "/\(folder)/report.json")),
                path: "report.json")
        }
        let one = try read("whole"), both = try read("merged")
        #expect(one.tests.count > 20)
        #expect(one.tests.map(\.id) == both.tests.map(\.id))
        for (left, right) in zip(one.tests, both.tests) {
            #expect(
                left.history == right.history && left.verdict == right.verdict,
                "\(left.id): \(left.history) vs \(right.history)")
            #expect(left.failures.map(\.message) == right.failures.map(\.message), "\(left.id)")
        }
        #expect(one.gate.belowThreshold == both.gate.belowThreshold)
    }
}
