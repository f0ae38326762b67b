import Foundation
import Testing
import FlakeCheckAnalysis
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckReporting
import FlakeCheckRunner
import FlakeCheckSupport

/// The hosted CI workflow must run what it claims: the Linux job the same `.ci/run`
/// as local CI, the macOS job the README's test command, and a demo command line flakecheck accepts.
@Suite struct WorkflowTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func workflowRunsTheSameCommandsAsLocalCI() throws {
        let workflow = try String(
            contentsOf: Self.root.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8)
        let runLines = workflow.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(runLines.contains("run: .ci/run"))
        #expect(runLines.contains("swift test"))
        #expect(FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent(".ci/run").path))
        let demo = try #require(runLines.first { $0.hasPrefix("swift run flakecheck demo") })
        let arguments = demo.split(separator: " ").dropFirst(4).map(String.init)
        let parsed = try ParsedArguments.parse(arguments, specs: DemoCommand.specs)
        #expect(parsed.value("--runs") == "20")
    }
}

/// The GitHub Actions example in the documentation must work as written in a user's package: it
/// installs flakecheck instead of `swift run flakecheck` (which only works inside this repository), the
/// script it calls exists, and every flakecheck command line in it is one flakecheck accepts.
@Suite struct ReadmeWorkflowTests {
    /// README.md and every document in Documentation/.
    static func manuals() throws -> [(name: String, text: String)] {
        let folder = WorkflowTests.root.appendingPathComponent("Documentation")
        let documents = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
            .sorted()
        #expect(documents.count >= 8, "Documentation/ holds the manual's chapters")
        return try [
            ("README.md", String(contentsOf: WorkflowTests.root.appendingPathComponent("README.md"), encoding: .utf8))
        ]
            + documents.map {
                ("Documentation/\($0)", try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
            }
    }

    static func blocks(_ language: String) throws -> [(name: String, block: String)] {
        try manuals().flatMap { manual in
            manual.text.components(separatedBy: "```\(language)\n").dropFirst()
                .compactMap { $0.components(separatedBy: "```").first }.map { (manual.name, $0) }
        }
    }

    static func yamlBlocks() throws -> [String] { try blocks("yaml").map(\.block) }

    /// Reads and validates a documented command line as `flakecheck` would (everything short of running it):
    /// its command exists, every option is one of that command's, and the options go together.
    static func accept(_ arguments: [String], context: CommandContext) throws {
        let command = try #require(FlakeCheckCommand.command(named: arguments[0]), "unknown command \(arguments[0])")
        let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), specs: command.specs)
        try command.init(parsed, context: context).validate()
    }

    static let context = CommandContext(
        stdout: CapturedOutput(), stderr: CapturedOutput(), environment: [:],
        currentDirectory: NSTemporaryDirectory())

    /// Every flakecheck command line in a shell block of the README and the documentation is one
    /// flakecheck accepts: its command exists, every option is one of that command's, and they go together.
    @Test func everyDocumentedCommandLineIsAccepted() throws {
        var checked = 0
        for (name, block) in try Self.blocks("sh") {
            let joined = block.replacingOccurrences(of: "\\\n", with: " ")
            for raw in joined.split(separator: "\n") {
                var line = raw.trimmingCharacters(in: .whitespaces)
                if let comment = line.range(of: " #") { line = String(line[..<comment.lowerBound]) }
                for prefix in [
                    "swift run flakecheck ", "swift package flakecheck ", "swift package --disable-sandbox flakecheck ",
                ]
                where line.hasPrefix(prefix) { line = "flakecheck " + line.dropFirst(prefix.count) }
                guard line.hasPrefix("flakecheck "), !line.contains("$("), !line.contains("|") else { continue }
                let words = Self.shellWords(String(line.dropFirst("flakecheck ".count)))
                guard let command = words.first, !command.hasPrefix("-") else { continue }
                #expect(FlakeCheckCommand.command(named: command) != nil, "\(name): unknown command in `\(line)`")
                #expect(throws: Never.self, "\(name): `\(line)`") { try Self.accept(words, context: Self.context) }
                checked += 1
            }
        }
        #expect(checked >= 15, "\(checked) command lines checked")
    }

    /// Every relative link in the README and the documentation points at a file that exists.
    @Test func everyRelativeLinkResolves() throws {
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)#\s]+)(#[^)]*)?\)"#)
        for (name, text) in try Self.manuals() {
            let base = WorkflowTests.root.appendingPathComponent(name).deletingLastPathComponent()
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(match.range(at: 1), in: text)!])
                guard !target.hasPrefix("http://"), !target.hasPrefix("https://") else { continue }
                let path = base.appendingPathComponent(target).standardizedFileURL.path
                #expect(
                    FileManager.default.fileExists(atPath: path), "\(name) links to \(target), which does not exist")
            }
        }
    }

    /// Words as a shell splits them, for the simple quoting the documents use ('…' and "…").
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?, started = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                started = true
            } else if character == " " {
                if started || !current.isEmpty { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
            }
        }
        if started || !current.isEmpty { words.append(current) }
        return words
    }

    @Test func actionsExampleInstallsAndRunsRealCommands() throws {
        let blocks = try Self.yamlBlocks()
        #expect(!blocks.isEmpty)
        for block in blocks {
            #expect(!block.contains("swift run flakecheck"), "a user's package has no flakecheck product")
            let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for line in lines where line.contains("Scripts/install.sh") {
                #expect(
                    FileManager.default.isExecutableFile(
                        atPath: WorkflowTests.root.appendingPathComponent("Scripts/install.sh").path))
            }
            let commands = lines.compactMap { line -> [String]? in
                // GitHub Actions' `- run:` and Buildkite's `command:`.
                // GitLab's `script:` items are `- command`.
                let command =
                    line.hasPrefix("- run: ")
                    ? String(line.dropFirst(7))
                    : line.hasPrefix("command: ")
                        ? String(line.dropFirst(9))
                        : line.hasPrefix("- flakecheck ") ? String(line.dropFirst(2)) : line
                guard command.hasPrefix("flakecheck ") else { return nil }
                let withoutFallback = command.components(separatedBy: " || ")[0]
                return withoutFallback.replacingOccurrences(of: "${{ matrix.shard }}", with: "1")
                    .replacingOccurrences(of: "${{ github.base_ref }}", with: "main")
                    .split(separator: " ").dropFirst().map(String.init)
            }
            #expect(!commands.isEmpty)
            for arguments in commands {
                #expect(throws: Never.self, "\(arguments)") { try Self.accept(arguments, context: Self.context) }
            }
            // Indentation is YAML's syntax: two spaces per level, never tabs.
            for line in block.split(separator: "\n") {
                let indent = line.prefix { $0 == " " }.count
                #expect(indent % 2 == 0 && !line.contains("\t"), "\(line)")
            }
        }
    }
}
