import Foundation
import FlakeCheckCLI
import FlakeCheckModel
import FlakeCheckRunner
import FlakeCheckSupport
import Testing

/// The README's and every `--help`'s example commands select tests of the bundled example: a new user who
/// copies one into `Examples/ConcurrencyStrategies` runs something, never "no test matched" (the README's
/// `--filter LoadingTests` and `testLoadingYield$` matched nothing there).
@Suite struct ExampleCommandsEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = root.appendingPathComponent("Examples/ConcurrencyStrategies").path
    static let commands = ["run", "compare", "demo", "list", "parse", "report", "merge", "archive", "history", "baseline"]

    static func main(_ arguments: [String]) -> (code: Int32, stdout: String) {
        let stdout = CapturedOutput()
        let context = CommandContext(
            stdout: stdout, stderr: CapturedOutput(), environment: ProcessInfo.processInfo.environment,
            currentDirectory: root.path)
        return (FlakeCheckCommand.main(arguments, context: context), stdout.text)
    }

    /// A command line's words, as a shell splits them (single and double quotes, no expansion).
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else if character == "#" && !inWord {
                break
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// Every example command line: the README's, and each command's `--help` examples.
    static func exampleLines() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var lines = readme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("flakecheck ") }
        for command in commands {
            // `--help` wraps a long example with a trailing backslash: the parts are one command.
            let help = main([command, "--help"]).stdout
                .replacingOccurrences(of: #"\\\n\s*"#, with: "", options: .regularExpression)
            lines += help.split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("flakecheck ") }
        }
        return lines
    }

    @Test func everyExampleFilterSelectsTestsOfTheBundledExample() throws {
        let listed = Self.main(["list", "--package-path", Self.example])
        #expect(listed.code == 0)
        let ids = listed.stdout.split(separator: "\n").compactMap { $0.split(separator: "\t").last.map(String.init) }
        try #require(ids.count > 40, "the example's tests are listed")
        let catalog = TestCatalog(
            ids.map { TestIdentity(canonicalID: $0, framework: $0.hasSuffix(")") ? .swiftTesting : .xctest) })
        var checked = 0
        for line in try Self.exampleLines() {
            let words = Self.words(line)
            // Lines for another package, an Xcode project, or files a run writes first are not the example's.
            if words.contains(where: { ["--xcode", "--replay", "--archive"].contains($0) || $0.hasPrefix("../") }) {
                continue
            }
            var filters: [String] = []
            var skips: [String] = []
            for (index, word) in words.enumerated() where index + 1 < words.count {
                let value = words[index + 1]
                switch word {
                case "--filter": filters.append(value)
                case "--skip": skips.append(value)
                case "--strategy": filters.append(String(value.drop { $0 != "=" }.dropFirst()))
                default: break
                }
            }
            for filter in filters {
                let selected = try? TestSelection(filters: [filter], skips: skips).select(from: catalog)
                #expect((selected?.count ?? 0) > 0, "\(line): '\(filter)' selects no test of the bundled example")
                checked += 1
            }
        }
        #expect(checked >= 10, "the examples' filters were found and checked")
    }
}
