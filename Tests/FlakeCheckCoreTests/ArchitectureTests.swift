import Foundation
import Testing

/// The layers ARCHITECTURE.md draws are SwiftPM targets, so the compiler refuses an import the picture
/// forbids (`LayerImportEndToEndTests` shows it). These checks keep the manifest, the files' imports and
/// the picture saying the same thing: a layer depends on the layers below it that it uses, never on one
/// above or beside it. Each file imports what it uses (a compile-driven sweep on 2026-11-28 took out every
/// import the build did not need).
@Suite struct ArchitectureTests {
    /// Lower rank: lower layer. Runner and Reporting share a rank and may not use each other.
    static let ranks = [
        "FlakeCheckModel": 0, "FlakeCheckSupport": 1, "FlakeCheckParsing": 2, "FlakeCheckAnalysis": 3,
        "FlakeCheckRunner": 4, "FlakeCheckReporting": 4, "FlakeCheckCLI": 5,
    ]
    /// The C targets a layer links: the index store's reader and the process starter, for the Runner only.
    static let cTargets = ["FlakeCheckRunner": ["FlakeCheckIndexStore", "FlakeCheckProcessSupport"]]
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sources = root.appendingPathComponent("Sources")

    /// Every Swift file of the library's layers, with its target's folder.
    static func files() throws -> [(folder: String, name: String, text: String)] {
        var files: [(String, String, String)] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        where folder.hasPrefix("FlakeCheck") {
            let url = sources.appendingPathComponent(folder)
            // A target's rooms (`Runner/Process/`) are folders inside it; the file keeps its target's layer.
            for name in try FileManager.default.subpathsOfDirectory(atPath: url.path).sorted()
            where name.hasSuffix(".swift") {
                files.append(
                    (
                        folder, (name as NSString).lastPathComponent,
                        try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                    ))
            }
        }
        return files
    }

    /// The layers below `layer`: what it may import, and what its target must depend on.
    static func below(_ layer: String) -> Set<String> {
        Set(ranks.filter { $0.value < ranks[layer]! }.keys)
    }

    /// The code without comments and string literals, where type names are uses, not words.
    static func code(_ text: String) -> String {
        text.replacing(#/\/\/[^\n]*/#, with: "").replacing(#/"(?:[^"\\\n]|\\.)*"/#, with: "\"\"")
    }

    @Test func everySwiftTargetOfTheLibraryIsALayer() throws {
        let folders = Set(try Self.files().map(\.folder))
        #expect(folders == Set(Self.ranks.keys), "a new target needs a place in ARCHITECTURE.md and here")
    }

    /// Package.swift gives each layer exactly the layers its files import (and its C targets), all of them
    /// below it: the manifest says what the code uses, not a ladder it may use.
    @Test func eachLayerTargetDependsOnWhatItsFilesImport() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = #/\.target\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?/#
        var dependencies: [String: Set<String>] = [:]
        for match in manifest.matches(of: target) {
            let names = (match.output.2.map(String.init) ?? "").matches(of: #/"(\w+)"/#).map { String($0.output.1) }
            dependencies[String(match.output.1)] = Set(names)
        }
        var imported: [String: Set<String>] = [:]
        for file in try Self.files() {
            for match in Self.code(file.text).matches(of: #/(?m)^\s*(?:@\w+\s+)?import\s+(FlakeCheck\w+)/#) {
                imported[file.folder, default: []].insert(String(match.output.1))
            }
        }
        for layer in Self.ranks.keys.sorted() {
            let layers = imported[layer, default: []].subtracting(Self.cTargets[layer] ?? [])
            #expect(layers.isSubset(of: Self.below(layer)), "\(layer) imports \(layers.subtracting(Self.below(layer)))")
            let expected = layers.union(Self.cTargets[layer] ?? [])
            #expect(dependencies[layer] ?? [] == expected, "\(layer)'s dependencies in Package.swift")
        }
    }

    /// No file imports a layer above or beside its own: the manifest's dependencies are what the compiler
    /// enforces, and this says so without a build (SwiftPM can let an undeclared import through when the
    /// other module happens to be built already).
    @Test func noFileImportsALayerAboveOrBesideIt() throws {
        var violations: [String] = []
        for file in try Self.files() {
            for match in Self.code(file.text).matches(of: #/(?m)^\s*(?:@\w+\s+)?import\s+(FlakeCheck\w+)/#) {
                let module = String(match.output.1)
                if Self.below(file.folder).contains(module) || (Self.cTargets[file.folder] ?? []).contains(module) {
                    continue
                }
                violations.append("\(file.folder)/\(file.name) imports \(module)")
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}

/// `public` is the report schema (Model) and the `@inlinable public` hot paths with the types their
/// signatures name (ARCHITECTURE.md); everything the layers share with each other is `package`.
extension ArchitectureTests {
    static let inlinableHotPaths: Set<String> = [
        "LineSplitter.swift", "LineBytes.swift", "StreamingLineParser.swift", "TestEvent.swift",
    ]

    @Test func publicIsTheReportSchemaAndTheInlinableHotPaths() throws {
        var count = 0
        var elsewhere: [String] = []
        for file in try Self.files() {
            let lines = Self.code(file.text).split(separator: "\n").filter { $0.contains(#/^\s*(@\w+ )*public /#) }
            count += lines.count
            if !lines.isEmpty, file.folder != "FlakeCheckModel", !Self.inlinableHotPaths.contains(file.name) {
                elsewhere.append("\(file.folder)/\(file.name)")
            }
        }
        #expect(elsewhere.isEmpty, "public outside the schema and the hot paths: \(elsewhere)")
        #expect(count < 400, "\(count) public declarations")
    }
}

/// Numbers in the model, words in Reporting (ARCHITECTURE.md): what a report says about a test, a run or
/// the gate is worded in Reporting from typed values, and a test's summary is made in one place.
extension ArchitectureTests {
    /// Where sentences for people may be made outside Reporting and Command, and why: errors
    /// (`FlakeCheckError` and what it carries), the live status line and the run log's notes (`status`, a write to
    /// standard error, `log.note`, `warn`, `ProgressLine`; a statement may span ten lines), and the failure message a crashed, timed-out or ambiguous result
    /// carries as a test's own failure would (listed by file and the words it starts with).
    static let sentenceContexts = [
        "FlakeCheckError", "throw ", "FailureRecord(message", "status(", "log.note(", "warn(", "stderr.write(",
    ]
    static let failureMessages: [(file: String, start: String)] = [
        ("InvocationAnalysis.swift", "the process exited with status"),
        ("InvocationAnalysis.swift", "timed out: the process was still running"),
        ("InvocationAnalysis.swift", "printed nothing for"),
        ("InvocationAnalysis.swift", "was still running after"),
        ("InvocationAnalysis.swift", "timed out: this test was still running"),
        ("ResultAttribution.swift", "ambiguous: "),
        ("SavedLogProcesses.swift", "the process crashed ("),
        // The run log's own note of what it cut, written where the log is.
        ("RunLog.swift", "\\n<== flakecheck cut"),
        ("RunState.swift", "\\(failure), \\(together) when re-run alone"),
        // The hint of the no-test-matched error, made where the selection is known.
        ("TestSelection.swift", "'\\(filter)' appears as plain text"),
    ]
    /// The live status line, and the errors' own descriptions.
    static let sentenceFiles = ["ProgressLine.swift", "FlakeCheckError.swift"]

    /// A string literal with an interpolation and at least three words in a row: a sentence made from
    /// values, not a fixed label.
    static func sentences(in line: Substring) -> [String] {
        line.matches(of: #/"((?:[^"\\\n]|\\.)*)"/#).map { String($0.output.1) }.filter {
            $0.contains("\\(") && $0.contains(#/[a-z]+ [a-z]+ [a-z]+/#)
        }
    }

    @Test func reportWordsAreMadeOnlyInReporting() throws {
        var stray: [String] = []
        for file in try Self.files()
        where ["FlakeCheckModel", "FlakeCheckSupport", "FlakeCheckParsing", "FlakeCheckAnalysis", "FlakeCheckRunner"]
            .contains(file.folder)
            && !Self.sentenceFiles.contains(file.name)
        {
            let lines = file.text.replacing(#/\/\/[^\n]*/#, with: "").split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                for sentence in Self.sentences(in: line) {
                    let statement = lines[max(0, number - 10)...number].joined(separator: "\n")
                    if Self.sentenceContexts.contains(where: statement.contains) { continue }
                    if Self.failureMessages.contains(where: { $0.file == file.name && sentence.hasPrefix($0.start) }) {
                        continue
                    }
                    stray.append("\(file.folder)/\(file.name):\(number + 1): \"\(sentence)\"")
                }
            }
        }
        #expect(stray.isEmpty, "word these in Reporting from typed values:\n\(stray.joined(separator: "\n"))")
        // The check finds what it is for: an incident worded where it happened.
        let incident =
            #"RunIncident(kind: .crash, candidates: ids, cause: .worded("\(count) tests ran when it crashed"))"#
        #expect(Self.sentences(in: incident[...]) == [#"\(count) tests ran when it crashed"#])
    }

    /// `TestSummary(facts:)` is the one place a summary is made; everything else hands it `TestFacts`.
    @Test func aTestSummaryIsMadeInOnePlace() throws {
        let makers = try Self.files().filter { Self.code($0.text).contains("TestSummary(") }.map {
            "\($0.folder)/\($0.name)"
        }
        #expect(makers == ["FlakeCheckAnalysis/TestSummary+Facts.swift"])
    }
}
