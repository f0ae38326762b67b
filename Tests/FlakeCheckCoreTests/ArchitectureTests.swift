import Foundation
import Testing

/// The layers ARCHITECTURE.md draws, checked on the source: a file may name the types of its
/// own folder and of the folders below it, never of a folder above it or beside it. Types are found by
/// their top-level declarations; names in comments and string literals do not count.
@Suite struct ArchitectureTests {
    /// Lower rank: lower layer. Runner and Reporting share a rank and may not use each other.
    static let ranks = [
        "Model": 0, "Support": 1, "Parsing": 2, "Analysis": 3, "Runner": 4, "Reporting": 4, "Command": 5,
    ]
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FlakeCheckCore")

    static func files() throws -> [(folder: String, name: String, text: String)] {
        var files: [(String, String, String)] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let url = sources.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".swift") {
                files.append((folder, name, try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)))
            }
        }
        return files
    }

    /// The code without comments and string literals, where type names are uses, not words.
    static func code(_ text: String) -> String {
        text.replacing(#/\/\/[^\n]*/#, with: "").replacing(#/"(?:[^"\\\n]|\\.)*"/#, with: "\"\"")
    }

    @Test func everyFolderIsALayer() throws {
        let folders = Set(try Self.files().map(\.folder))
        #expect(folders == Set(Self.ranks.keys), "a new folder needs a place in ARCHITECTURE.md and here")
    }

    @Test func noFileUsesALayerAboveOrBesideIt() throws {
        let files = try Self.files()
        var home: [String: String] = [:]
        let declaration =
            #/(?m)^(?:public |private |fileprivate |internal |final |indirect )*(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)/#
        for file in files {
            for match in file.text.matches(of: declaration) where home[String(match.output.1)] == nil {
                home[String(match.output.1)] = file.folder
            }
        }
        var violations: [String] = []
        for file in files {
            let rank = Self.ranks[file.folder] ?? 0
            let names = Set(
                Self.code(file.text).matches(of: #/\b([A-Z]\w*)\b/#.wordBoundaryKind(.simple)).map {
                    String($0.output.1)
                })
            for name in names.sorted() {
                guard let folder = home[name], folder != file.folder, let other = Self.ranks[folder], other >= rank
                else { continue }
                violations.append("\(file.folder)/\(file.name) uses \(name) from \(folder)")
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}

/// Numbers in the model, words in Reporting (ARCHITECTURE.md): what a report says about a test, a run or
/// the gate is worded in Reporting from typed values, and a test's summary is made in one place.
extension ArchitectureTests {
    /// Where sentences for people may be made outside Reporting and Command, and why: errors
    /// (`FlakeCheckError` and what it carries), the live status line and the run log's notes (`status`,
    /// `log.note`, `warn`, `ProgressLine`), and the failure message a crashed, timed-out or ambiguous result
    /// carries as a test's own failure would (listed by file and the words it starts with).
    static let sentenceContexts = [
        "FlakeCheckError", "throw ", "FailureRecord(message", "status(", "log.note(", "warn(",
    ]
    static let failureMessages: [(file: String, start: String)] = [
        ("InvocationAnalysis.swift", "the process exited with status"),
        ("SavedLogAnalysis.swift", "ambiguous: "),
        ("RunState.swift", "running in parallel; none"),
        ("RunState.swift", "as \\(what) in this run"),
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
        where ["Model", "Support", "Parsing", "Analysis", "Runner"].contains(file.folder)
            && !Self.sentenceFiles.contains(file.name)
        {
            let lines = file.text.replacing(#/\/\/[^\n]*/#, with: "").split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                for sentence in Self.sentences(in: line) {
                    let statement = lines[max(0, number - 5)...number].joined(separator: "\n")
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
        #expect(makers == ["Analysis/TestSummary+Facts.swift"])
    }
}
