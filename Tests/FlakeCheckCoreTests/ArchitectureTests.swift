import Foundation
import Testing

/// The layers ARCHITECTURE.md draws, checked on the source: a file may name the types of its
/// own folder and of the folders below it, never of a folder above it or beside it. Types are found by
/// their top-level declarations; names in comments and string literals do not count.
@Suite struct ArchitectureTests {
    /// Lower rank: lower layer. Runner and Reporting share a rank and may not use each other.
    static let ranks = ["Model": 0, "Support": 1, "Parsing": 2, "Analysis": 3, "Runner": 4, "Reporting": 4, "Command": 5]
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
        let declaration = #/(?m)^(?:public |private |fileprivate |internal |final |indirect )*(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)/#
        for file in files {
            for match in file.text.matches(of: declaration) where home[String(match.output.1)] == nil {
                home[String(match.output.1)] = file.folder
            }
        }
        var violations: [String] = []
        for file in files {
            let rank = Self.ranks[file.folder] ?? 0
            let names = Set(Self.code(file.text).matches(of: #/\b([A-Z]\w*)\b/#.wordBoundaryKind(.simple)).map { String($0.output.1) })
            for name in names.sorted() {
                guard let folder = home[name], folder != file.folder, let other = Self.ranks[folder], other >= rank else { continue }
                violations.append("\(file.folder)/\(file.name) uses \(name) from \(folder)")
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}
