import FlakeCheckModel
import Foundation

/// Which tests a change touches (`run --changed-since REF`): a test that did not exist at REF is `new` (one
/// moved to another file is not); one whose body the diff touches is `changed`; one that reaches, through at
/// most `depth` calls, a function whose body the diff touches is chosen for that function, with the calls
/// between. Calls are followed through the compiler's index when the build left one (`callGraph`), symbol
/// by symbol, so a library property that shares a helper's name is another symbol; without an index, by
/// name, which can choose a test too many, never one too few.
package struct ChangedTests {
    package var index: SourceIndex
    package var changes: ChangeSet
    /// How many calls deep a changed function may be: 1 is the test's own calls.
    package var depth: Int
    /// A file's text at the revision, nil when it did not exist then.
    package var textAtRevision: (String) -> String?
    /// The files (absolute) that declared a function of this name at the revision: where a test whose own
    /// file is new may have been moved from.
    package var filesDeclaringAtRevision: (String) -> [String]
    /// The compiler's calls, when the build left an index; nil follows calls by name.
    package var callGraph: CallGraph?

    package init(
        index: SourceIndex, changes: ChangeSet, depth: Int, callGraph: CallGraph? = nil,
        filesDeclaringAtRevision: @escaping (String) -> [String] = { _ in [] },
        textAtRevision: @escaping (String) -> String?
    ) {
        self.index = index
        self.changes = changes
        self.depth = depth
        self.callGraph = callGraph
        self.filesDeclaringAtRevision = filesDeclaringAtRevision
        self.textAtRevision = textAtRevision
    }

    /// The tests of `tests` the change touches, in their order, with why.
    package func select(_ tests: [TestIdentity]) -> [(test: TestIdentity, change: TestChange)] {
        let functions = index.placedFunctions()
        let reach: (SourceIndex.PlacedFunction) -> TestChange? =
            if let callGraph {
                ChangedSymbols(graph: callGraph, functions: functions, changes: changes, index: index, depth: depth)
                    .change(reachedFrom:)
            } else {
                ChangedNames(functions: functions, changes: changes, depth: depth).change(reachedFrom:)
            }
        var revision = RevisionFiles(text: textAtRevision)
        var chosen: [(TestIdentity, TestChange)] = []
        for test in tests {
            guard let function = declaration(of: test, among: functions) else { continue }
            // Whether its own body changed: by the diff's lines where its file declared it at the revision,
            // by its text where it was moved from another file; nil when no file declared it then.
            let changedItself: Bool
            let before = changes.addedFiles.contains(function.file) ? nil : revision.text(of: function.file)
            if before.map({ Self.declares(function.name, in: $0) }) ?? false {
                changedItself = changes.touches(function.file, function.lines)
            } else if let moved = bodyMoved(function, revision: &revision) {
                changedItself = moved.map { $0 != Self.normalised(function.text) } ?? false
            } else {
                chosen.append((test, .new))
                continue
            }
            if changedItself {
                chosen.append((test, .changed))
            } else if let change = reach(function) {
                chosen.append((test, change))
            }
        }
        return chosen
    }

    /// The function that declares `test`: Swift Testing's by the file and line its listing gave, XCTest's
    /// by its class and method name.
    package func declaration(of test: TestIdentity, among functions: [SourceIndex.PlacedFunction]) -> SourceIndex
        .PlacedFunction?
    {
        switch test.framework {
        case .swiftTesting:
            guard let path = test.sourcePath, let line = test.sourceLine else { return nil }
            let name = String(test.name.prefix { $0 != "(" })
            return functions.first {
                $0.file == path && $0.name == name && $0.lines.lowerBound >= line - 3 && $0.lines.lowerBound <= line + 3
            }
                ?? functions.first { $0.file == path && $0.lines.contains(line) }
        case .xctest:
            let className = test.suite.split(separator: ".").last.map(String.init) ?? test.suite
            return functions.first { $0.name == test.name && $0.type == className }
        }
    }

    /// The body `function` had at the revision in another file of the same type (a test moved, not new):
    /// `.some(body)` normalised, `.some(nil)` when it was declared there but its body cannot be read, nil
    /// when no file declared it then.
    private func bodyMoved(_ function: SourceIndex.PlacedFunction, revision: inout RevisionFiles) -> String?? {
        for file in filesDeclaringAtRevision(function.name) where file != function.file {
            guard let text = revision.text(of: file), Self.declares(function.name, in: text) else { continue }
            if let match = revision.functions(of: file).first(where: {
                $0.name == function.name && $0.type == function.type
            }) {
                return .some(Self.normalised(match.text))
            }
            if function.type.map({ SourcePattern(#"\b"# + $0 + #"\b"#).isFound(in: text) }) ?? true {
                return .some(nil)
            }
        }
        return nil
    }

    /// The package's files as they were at the revision, each shown by git and read once however many
    /// tests it declares.
    private struct RevisionFiles {
        let text: (String) -> String?
        private var texts: [String: String?] = [:]
        private var parsed: [String: [SourceIndex.PlacedFunction]] = [:]

        init(text: @escaping (String) -> String?) { self.text = text }

        mutating func text(of file: String) -> String? {
            if let known = texts[file] { return known }
            let read = text(file)
            texts[file] = .some(read)
            return read
        }

        mutating func functions(of file: String) -> [SourceIndex.PlacedFunction] {
            if let known = parsed[file] { return known }
            let functions = text(of: file).map { SourceIndex(files: [file: $0]).placedFunctions() } ?? []
            parsed[file] = functions
            return functions
        }
    }

    /// Whether `text` declares a function `name`.
    static func declares(_ name: String, in text: String) -> Bool {
        SourcePattern(#"func\s+"# + NSRegularExpression.escapedPattern(for: name) + #"\s*[<(]"#).isFound(in: text)
    }

    /// A function's text without its whitespace, so a moved test is the same test however it is indented.
    static func normalised(_ text: Substring) -> String {
        String(SourceIndex.strippingComments(text).unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }
            .map(Character.init))
    }
}
