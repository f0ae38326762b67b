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

/// The GitHub Actions example in the README must work as written in a user's package (issue #13): it
/// installs flakecheck instead of `swift run flakecheck` (which only works inside this repository), the
/// script it calls exists, and every flakecheck command line in it is one flakecheck accepts.
@Suite struct ReadmeWorkflowTests {
    static func yamlBlocks() throws -> [String] {
        let readme = try String(contentsOf: WorkflowTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.components(separatedBy: "```yaml\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    static func specs(for command: String) -> [OptionSpec]? {
        switch command {
        case "run": RunPlan.optionSpecs
        case "merge": MergeCommand.specs
        case "parse": ParseCommand.specs
        case "report": ReportCommand.specs
        default: nil
        }
    }

    @Test func actionsExampleInstallsAndRunsRealCommands() throws {
        let blocks = try Self.yamlBlocks()
        #expect(!blocks.isEmpty)
        for block in blocks {
            #expect(!block.contains("swift run flakecheck"), "a user's package has no flakecheck product")
            let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for line in lines where line.contains("Scripts/install.sh") {
                #expect(FileManager.default.isExecutableFile(atPath: WorkflowTests.root.appendingPathComponent("Scripts/install.sh").path))
            }
            let commands = lines.compactMap { line -> [String]? in
                let command = line.hasPrefix("- run: ") ? String(line.dropFirst(7)) : line
                guard command.hasPrefix("flakecheck ") else { return nil }
                let withoutFallback = command.components(separatedBy: " || ")[0]
                return withoutFallback.replacingOccurrences(of: "${{ matrix.shard }}", with: "1")
                    .split(separator: " ").dropFirst().map(String.init)
            }
            #expect(!commands.isEmpty)
            for arguments in commands {
                let specs = try #require(Self.specs(for: arguments[0]), "unknown command \(arguments[0])")
                #expect(throws: Never.self) { try ParsedArguments.parse(Array(arguments.dropFirst()), specs: specs, usage: "") }
            }
            // Indentation is YAML's syntax: two spaces per level, never tabs.
            for line in block.split(separator: "\n") {
                let indent = line.prefix { $0 == " " }.count
                #expect(indent % 2 == 0 && !line.contains("\t"), "\(line)")
            }
        }
    }
}
