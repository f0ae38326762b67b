import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// The runtime recorder's waits on `Tests/FixturePackages/WaitKinds`, whose tests each wait on one known
/// thing and then fail, and whose labels (`labels.json`: each test's waits and the hint they alone say)
/// were written before the recorder first ran on it. A real `flakecheck run --evidence-all` builds it,
/// runs each test alone with the recorder preloaded, and the report must show exactly those waits.
@Suite(.serialized) struct WaitRecorderEndToEndTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FixturePackages/WaitKinds").path

    struct Labels: Decodable {
        struct Label: Decodable { var id: String; var waits: [String]?; var hint: String? }
        var tests: [Label]
    }

    @Test func theRecorderSeesWhatEachTestWaitedOn() throws {
        #if os(Linux)
            let labels = try JSONDecoder().decode(
                Labels.self, from: Data(contentsOf: URL(fileURLWithPath: Self.package + "/labels.json")))
            let output = NSTemporaryDirectory() + "flakecheck-waits-\(UUID().uuidString)"
            let context = CommandContext(
                stdout: CapturedOutput(), stderr: CapturedOutput(),
                environment: ProcessInfo.processInfo.environment,
                currentDirectory: FileManager.default.currentDirectoryPath)
            let code = FlakeCheckCommand.main(
                [
                    "run", "--runs", "1", "--evidence-all", "--package-path", Self.package,
                    "--output", output, "--quiet", "--format", "json",
                ], context: context)
            #expect(code == ExitCode.gateFailed, "the fixture's tests fail on purpose")
            let report = try JSONReportFormat.decode(
                try #require(FileManager.default.contents(atPath: output + "/report.json")),
                path: "report.json")
            #expect(Set(report.tests.map(\.id)) == Set(labels.tests.map(\.id)))
            for label in labels.tests {
                let test = try #require(report.tests.first { $0.id == label.id }, "\(label.id) was not run")
                let runs = test.runtimeEvidence?.runs ?? []
                #expect(runs.count == EvidencePass.defaultRuns, "\(label.id): \(runs)")
                for run in runs {
                    #expect(run.waits?.map(\.rawValue) == label.waits, "\(label.id): \(run)")
                }
                if let hint = label.hint {
                    #expect(
                        test.hint == hint && test.hintReadBy == .runtime,
                        "\(label.id): \(test.hint ?? "nil") by \(test.hintReadBy?.rawValue ?? "nil")")
                } else {
                    #expect(test.hintReadBy != .runtime, "\(label.id): \(test.hint ?? "nil") observed")
                }
            }
        #endif
    }
}
