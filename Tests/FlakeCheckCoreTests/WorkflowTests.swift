import Foundation
import Testing
@testable import FlakeCheckCore

/// The hosted CI workflow (issue #11 item 6) must run what it claims: the Linux job the same `.ci/run`
/// as local CI, the macOS job the README's test command, and a demo command line flakecheck accepts.
@Suite struct WorkflowTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func workflowRunsTheSameCommandsAsLocalCI() throws {
        let workflow = try String(contentsOf: Self.root.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8)
        let runLines = workflow.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(runLines.contains("run: .ci/run"))
        #expect(runLines.contains("swift test"))
        #expect(FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent(".ci/run").path))
        let demo = try #require(runLines.first { $0.hasPrefix("swift run flakecheck demo") })
        let arguments = demo.split(separator: " ").dropFirst(4).map(String.init)
        let parsed = try ParsedArguments.parse(arguments, specs: DemoCommand.specs, usage: "")
        #expect(parsed.value("--runs") == "20")
    }
}
