import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// Which tests a change touches (`run --changed-since REF`), read from the sources as the hints read
/// them: a test that did not exist at REF is `new`; one whose body the diff touches is `changed`; one
/// that calls, by name and through at most `depth` calls, a function whose body the diff touches is
/// chosen for that function. A same-named function of another type counts too (names, not the
/// compiler's resolution): that can choose a test too many, never one too few.
public struct ChangedTests {
    public var index: SourceIndex
    public var changes: ChangeSet
    /// How many calls deep a changed function may be: 1 is the test's own calls.
    public var depth: Int
    /// A file's text at the revision, nil when it did not exist then.
    public var textAtRevision: (String) -> String?

    public init(index: SourceIndex, changes: ChangeSet, depth: Int, textAtRevision: @escaping (String) -> String?) {
        self.index = index
        self.changes = changes
        self.depth = depth
        self.textAtRevision = textAtRevision
    }

    /// The tests of `tests` the change touches, in their order, with why.
    public func select(_ tests: [TestIdentity]) -> [(test: TestIdentity, change: TestChange)] {
        let functions = index.placedFunctions()
        let reached = changedFunctionsByName(functions)
        var revisionTexts: [String: String?] = [:]
        var chosen: [(TestIdentity, TestChange)] = []
        for test in tests {
            guard let function = declaration(of: test, among: functions) else { continue }
            if changes.addedFiles.contains(function.file) {
                chosen.append((test, .new))
                continue
            }
            if revisionTexts[function.file] == nil {
                revisionTexts[function.file] = .some(textAtRevision(function.file))
            }
            let before = revisionTexts[function.file] ?? nil
            if before.map({ !Self.declares(function.name, in: $0) }) ?? true {
                chosen.append((test, .new))
            } else if changes.touches(function.file, function.lines) {
                chosen.append((test, .changed))
            } else if let origin = Self.calledNames(in: function.text).lazy.compactMap({ reached[$0] }).first {
                chosen.append((test, .calls(function: origin)))
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

    /// Each function name that reaches a changed body within `depth` calls, with the changed function it
    /// leads to (`Type.name`).
    func changedFunctionsByName(_ functions: [SourceIndex.PlacedFunction]) -> [String: String] {
        var reached: [String: String] = [:]
        for function in functions where changes.touches(function.file, function.lines) {
            reached[function.name] =
                reached[function.name] ?? (function.type.map { "\($0).\(function.name)" } ?? function.name)
        }
        guard depth > 1, !reached.isEmpty else { return reached }
        let calls = functions.map { ($0.name, Self.calledNames(in: $0.text)) }
        for _ in 1..<depth {
            var next = reached
            for (name, called) in calls where next[name] == nil {
                if let origin = called.lazy.compactMap({ reached[$0] }).first { next[name] = origin }
            }
            if next.count == reached.count { break }
            reached = next
        }
        return reached
    }

    private static let callPattern = SourcePattern(
        #"(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*\(|\.([A-Za-z_][A-Za-z0-9_]*)"#)

    /// The names a function's body calls (`name(`) or reads as a member (`.name`, which may be a computed
    /// property), its own declaration left out.
    static func calledNames(in text: Substring) -> [String] {
        guard let open = text.firstIndex(of: "{") else { return [] }
        let body = SourceIndex.strippingComments(text[open...])
        let keywords: Set<String> = [
            "if", "guard", "while", "for", "switch", "return", "await", "try", "func", "init", "catch",
        ]
        var seen: Set<String> = []
        return callPattern.matches(in: body).compactMap { ($0.groups[0] ?? $0.groups[1]).map(String.init) }
            .filter { !keywords.contains($0) && seen.insert($0).inserted }
    }

    /// Whether `text` declares a function `name`.
    static func declares(_ name: String, in text: String) -> Bool {
        SourcePattern(#"func\s+"# + NSRegularExpression.escapedPattern(for: name) + #"\s*[<(]"#).isFound(in: text)
    }
}
