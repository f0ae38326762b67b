import FlakeCheckSupport
import Foundation

/// The Swift sources of a package, read once, with just enough structure to find a test function's
/// body and the declarations of the types it mentions. Not a parser: brace matching that skips string
/// literals and comments, which is all the hints need.
package final class SourceIndex: @unchecked Sendable {
    package let files: [String: String]
    /// The package folder the files were read from, when they were: what test code is decided relative to.
    package private(set) var root: String?
    private lazy var typeDeclarations: [String: [Substring]] = indexTypes()
    private lazy var functionDeclarations: [String: [FunctionDeclaration]] = indexFunctions()
    /// The package's module-level `var`s and stored `static var`s (`SharedVariables`).
    lazy var sharedVariables: SharedVariables = SharedVariables(files: files.values)
    /// Names the package gives tasks: whose `await name.value` waits for a task's end (`HintDetector`).
    lazy var taskNames: Set<String> = TaskNames.declared(in: files.values)

    /// Per file: where each line starts, and which file of this index an index path names; filled as the
    /// call graph's definitions are read (a suite of 1,500 tests reads the same helpers thousands of times).
    private var lineStarts: [String: [String.Index]] = [:]
    private var filesByIndexPath: [String: String?] = [:]

    package init(files: [String: String]) {
        self.files = files
    }

    /// Reads every `.swift` file of the package: not only `Sources/` and `Tests/`, since a target can
    /// live anywhere its `path:` says (FlyingFox keeps its tests in `FlyingFox/Tests`). Build folders,
    /// hidden folders and nested packages' checkouts are left out.
    package convenience init(packagePath: String) {
        var files: [String: String] = [:]
        for relative in Self.sourceFiles(in: packagePath) {
            if let text = try? String(contentsOfFile: packagePath + "/" + relative, encoding: .utf8) {
                files[packagePath + "/" + relative] = text
            }
        }
        self.init(files: files)
        root = packagePath
    }

    /// The text of a function: a few attribute lines before `func`, its signature and its body.
    /// Located by file and line (Swift Testing) or by class and method name (XCTest).
    package func function(file: String, line: Int) -> Substring? {
        guard let text = files[file] ?? files.first(where: { $0.key.hasSuffix("/" + file) })?.value else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return nil }
        let start = lines[max(0, line - 3)].startIndex
        guard let funcRange = text.range(of: "func ", range: lines[line - 1].startIndex..<text.endIndex) else {
            return nil
        }
        return Self.block(in: text, from: funcRange.upperBound).map { text[start..<$0.upperBound] }
    }

    /// The text of the declaration whose name is on `line` of `file`, as the compiler's index places a
    /// definition (a function, initializer, computed property or subscript): from that line to the end
    /// of its body. `file` may be the index's absolute path of a file read here under another prefix.
    package func declaration(file: String, line: Int) -> Substring? {
        let key =
            filesByIndexPath[file]
            ?? {
                let found = files[file] != nil ? file : files.keys.first { file.hasSuffix($0) || $0.hasSuffix(file) }
                filesByIndexPath[file] = found
                return found
            }()
        guard let key, let text = files[key] else { return nil }
        let starts = lineStarts(of: key, text: text)
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        // Only what has a body of its own: a function, initializer or subscript (whose signature may run on
        // over lines), or a computed property whose brace is on its line. A stored property's accessor is
        // defined on its line too, and has no body to read.
        let first = text[start..<(text[start...].firstIndex(of: "\n") ?? text.endIndex)]
        let isFunction = first.contains("func ") || first.contains("init") || first.contains("subscript")
        guard isFunction || (first.contains("var ") && first.contains("{") && !first.contains("=")) else { return nil }
        return Self.block(in: text, from: start).map { text[start..<$0.upperBound] }
    }

    /// Where each line of the file `key` starts, counted once per file.
    private func lineStarts(of key: String, text: String) -> [String.Index] {
        if let known = lineStarts[key] { return known }
        var starts = [text.startIndex]
        var index = text.startIndex
        while let newline = text[index...].firstIndex(of: "\n") {
            index = text.index(after: newline)
            starts.append(index)
        }
        lineStarts[key] = starts
        return starts
    }

    /// The line of its file `path` (`path(ofText:)` of its text) on which the `func` of a function found
    /// here stands: a binary search of the file's line starts (counting the newlines before it for each
    /// of a large suite's tests cost seconds).
    package func functionLine(of function: Substring, in path: String) -> Int? {
        guard let keyword = function.range(of: "func") else { return nil }
        // The compiler's index places a function on its name's line, which a declaration may put on the
        // line after `func`.
        let name = function[keyword.upperBound...].firstIndex { !$0.isWhitespace } ?? keyword.lowerBound
        let starts = lineStarts(of: path, text: function.base)
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= name { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where `func method(` (or `func method<`) is declared in `text`, whatever whitespace and line breaks
    /// stand between `func`, the name and its parameters; the range ends after the `(` or `<`.
    static func functionDeclaration(_ method: String, in text: Substring) -> Range<String.Index>? {
        var searchStart = text.startIndex
        while let found = text.range(of: method, range: searchStart..<text.endIndex) {
            searchStart = found.upperBound
            let before = text[..<found.lowerBound]
            guard let keywordEnd = before.lastIndex(where: { !$0.isWhitespace }),
                before[..<text.index(after: keywordEnd)].hasSuffix("func"),
                before.index(after: keywordEnd) < found.lowerBound
            else { continue }
            guard let open = text[found.upperBound...].firstIndex(where: { !$0.isWhitespace }),
                text[open] == "(" || text[open] == "<"
            else { continue }
            let keywordStart = text.index(keywordEnd, offsetBy: -3)
            return keywordStart..<text.index(after: open)
        }
        return nil
    }

    package func method(_ method: String, inClass className: String) -> (function: Substring, type: Substring)? {
        for declaration in typeDeclarations[className] ?? [] {
            guard let funcRange = Self.functionDeclaration(method, in: declaration) else { continue }
            // Attributes and doc comments start after the previous member (or the type's opening brace).
            let before = declaration[..<funcRange.lowerBound]
            let attributesStart = before.lastIndex(where: { $0 == "}" || $0 == "{" }) ?? declaration.startIndex
            if let body = Self.block(in: declaration, from: funcRange.upperBound) {
                return (declaration[attributesStart..<body.upperBound], declaration)
            }
        }
        return nil
    }

    /// The file whose whole text is `text` (the `base` of a function found here).
    package func path(ofText text: String) -> String? {
        files.first { $0.value.utf8.count == text.utf8.count && $0.value == text }?.key
    }

    /// The declarations (`class`, `struct`, `actor`, `enum`, `extension`) of a type, with their bodies.
    package func declarations(of typeName: String) -> [Substring] {
        typeDeclarations[typeName] ?? []
    }

    /// A function's text and the type (or extension) it is declared in, nil at top level.
    package struct FunctionDeclaration: Sendable {
        package var text: Substring
        package var type: String?
        /// Declared in test code (a `Tests` folder or a `…Tests.swift` file) rather than in the code under test.
        package var isTestCode: Bool
    }

    /// Whether `path` (absolute, as the index gives it) is test code, judged on its path inside the package:
    /// a package that itself lives in a `Tests` folder (a fixture) has code under test too.
    func isTestCode(path: String) -> Bool {
        guard let root, path.hasPrefix(root + "/") else { return Self.isTestCode(path) }
        return Self.isTestCode(String(path.dropFirst(root.count + 1)))
    }

    /// Where tests and their helpers live, by SwiftPM's conventions and common custom paths.
    static func isTestCode(_ path: String) -> Bool {
        path.contains("/Tests/") || path.hasPrefix("Tests/") || path.hasSuffix("Tests.swift")
            || path.hasSuffix("Test.swift")
    }

    /// Every function (or method, in any type or extension) of this name, with its body: where a call
    /// to `name(` may lead.
    package func functions(named name: String) -> [FunctionDeclaration] {
        functionDeclarations[name] ?? []
    }

    /// A function's place: its file, the lines it spans, and its text (signature and body).
    package struct PlacedFunction: Sendable {
        package var name: String
        package var type: String?
        package var file: String
        package var lines: ClosedRange<Int>
        package var text: Substring

        /// `Type.name`, or the name of a free function: as a person names it.
        package var qualifiedName: String { type.map { "\($0).\(name)" } ?? name }
    }

    /// Every function with a body, and every computed property (`var name: T {`), in every file, with the
    /// lines it spans: what a diff's lines fall in.
    package func placedFunctions() -> [PlacedFunction] {
        var placed: [PlacedFunction] = []
        for (path, text) in files {
            let types = Self.typeRanges(in: text)
            var lineCounter = LineCounter(text)
            let matches = (Self.functionPattern.matches(in: text) + Self.computedPropertyPattern.matches(in: text))
                .sorted { $0.range.lowerBound < $1.range.lowerBound }
            for match in matches {
                guard let body = Self.block(in: text, from: match.range.upperBound),
                    !text[match.range.upperBound..<body.lowerBound].contains(anyOf: ["}", "func ", "\n\n"])
                else { continue }
                let enclosing = types.last {
                    $0.range.lowerBound < match.range.lowerBound && $0.range.upperBound >= body.upperBound
                }
                let first = lineCounter.line(at: match.range.lowerBound)
                let last = lineCounter.line(at: text.index(before: body.upperBound))
                placed.append(
                    PlacedFunction(
                        name: String(match.groups[0]!), type: enclosing?.name, file: path,
                        lines: first...max(first, last), text: text[match.range.lowerBound..<body.upperBound]))
            }
        }
        return placed
    }

    /// Line numbers of positions met in increasing order, counted once through the text.
    struct LineCounter {
        let text: String
        var position: String.Index
        var line = 1

        init(_ text: String) {
            self.text = text
            position = text.startIndex
        }

        mutating func line(at index: String.Index) -> Int {
            if index < position {
                position = text.startIndex
                line = 1
            }
            while position < index {
                if text[position] == "\n" { line += 1 }
                position = text.index(after: position)
            }
            return line
        }
    }

    /// `var name: Type {` (a computed property, or one with observers: either runs code a test reaches).
    private static let computedPropertyPattern = SourcePattern(#"var\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*[^=\n{]+(?=\{)"#)
    private static let functionPattern = SourcePattern(#"func\s+([A-Za-z_][A-Za-z0-9_]*)\s*[<(]"#)
    private static let typePattern = SourcePattern(#"(?:class|struct|actor|enum|extension)\s+([A-Z][A-Za-z0-9_]*)"#)
    private static let typeOrProtocolPattern = SourcePattern(
        #"(?:class|struct|actor|enum|extension|protocol)\s+([A-Z][A-Za-z0-9_]*)"#)

    private func indexFunctions() -> [String: [FunctionDeclaration]] {
        var index: [String: [FunctionDeclaration]] = [:]
        for (path, text) in files {
            let types = Self.typeRanges(in: text)
            let isTestCode = isTestCode(path: path)
            for match in Self.functionPattern.matches(in: text) {
                // A requirement with no body (a protocol's) must not borrow the next declaration's.
                guard let body = Self.block(in: text, from: match.range.upperBound),
                    !text[match.range.upperBound..<body.lowerBound].contains(anyOf: ["}", "func ", "\n\n"])
                else { continue }
                let enclosing = types.last {
                    $0.range.lowerBound < match.range.lowerBound && $0.range.upperBound >= body.upperBound
                }
                index[String(match.groups[0]!), default: []].append(
                    FunctionDeclaration(
                        text: text[match.range.lowerBound..<body.upperBound], type: enclosing?.name,
                        isTestCode: isTestCode))
            }
        }
        return index
    }

    /// The type declarations of one file with their extents, in order of where they start.
    private static func typeRanges(in text: String) -> [(name: String, range: Range<String.Index>)] {
        typeOrProtocolPattern.matches(in: text).compactMap { match in
            block(in: text, from: match.range.upperBound).map {
                (String(match.groups[0]!), match.range.lowerBound..<$0.upperBound)
            }
        }
    }

    private func indexTypes() -> [String: [Substring]] {
        var index: [String: [Substring]] = [:]
        for text in files.values {
            for match in Self.typePattern.matches(in: text) {
                let name = String(match.groups[0]!)
                if let body = Self.block(in: text, from: match.range.upperBound) {
                    index[name, default: []].append(text[match.range.lowerBound..<body.upperBound])
                }
            }
        }
        return index
    }

    /// The text without `//` and `/* */` comments (string literals are left alone).
    static func strippingComments<S: StringProtocol>(_ text: S) -> String {
        var output = ""
        output.reserveCapacity(text.count)
        var iterator = text.makeIterator()
        var inString = false
        var previous: Character = " "
        while let character = iterator.next() {
            if inString {
                output.append(character)
                if character == "\"" && previous != "\\" { inString = false }
            } else if character == "\"" {
                inString = true
                output.append(character)
            } else if character == "/" && previous == "/" {
                output.removeLast()
                while let next = iterator.next(), next != "\n" {}
                output.append("\n")
            } else if character == "*" && previous == "/" {
                output.removeLast()
                var last: Character = " "
                while let next = iterator.next() {
                    if last == "*" && next == "/" { break }
                    last = next
                }
                previous = " "
                continue
            } else {
                output.append(character)
            }
            previous = output.last ?? " "
        }
        // `Task<Never, Never>.yield()` is `Task.yield()`: the reading's needles name the type without its
        // generic arguments.
        guard output.contains("Task<") else { return output }
        return taskSpecialization.replacingMatches(in: output, with: "Task.")
    }

    private static let taskSpecialization = SourcePattern(#"\bTask\s*<[^<>{}()]*>\s*\."#)

    /// The range from the first `{` at or after `start` to its matching `}` (or the first `opening` to its
    /// `closing`: a call's parentheses), skipping brackets inside string literals and comments. Gives up at a
    /// `;`-free 20,000 characters to stay linear.
    package static func block<S: StringProtocol>(
        in text: S, from start: S.Index, opening: Character = "{", closing: Character = "}"
    ) -> Range<S.Index>? {
        var index = start
        var depth = 0
        var opened: S.Index?
        var inString = false
        var inLineComment = false
        var inBlockComment = false
        var previous: Character = " "
        var scanned = 0
        while index < text.endIndex, scanned < 200_000 {
            let character = text[index]
            scanned += 1
            if inLineComment {
                if character == "\n" { inLineComment = false }
            } else if inBlockComment {
                if previous == "*" && character == "/" { inBlockComment = false }
            } else if inString {
                if character == "\"" && previous != "\\" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if previous == "/" && character == "/" {
                inLineComment = true
            } else if previous == "/" && character == "*" {
                inBlockComment = true
            } else if character == opening {
                if opened == nil { opened = index }
                depth += 1
            } else if character == closing {
                depth -= 1
                if depth == 0, let opened { return opened..<text.index(after: index) }
            }
            previous = character
            index = text.index(after: index)
        }
        return nil
    }
}
