import FlakeCheckSupport

/// State every test of a process shares: the package's module-level `var`s and stored `static var`s
/// (a `@TaskLocal` is scoped per task, a computed property stores nothing, a `let` never changes). A test
/// whose code reaches one can race whatever else runs beside it in the process: another test, or its own
/// child tasks on other threads. Read from the text, like the rest of the hints' reading.
package struct SharedVariables: Sendable {
    /// Module-level variables, referred to by their bare name.
    package private(set) var globals: Set<String> = []
    /// Stored static variables, referred to as `Type.name` (or `Self.name`).
    package private(set) var statics: Set<String> = []
    /// Both, for a plain search before the pattern (made once: every test's reached code is searched).
    private var names: [String] = []

    package init<Files: Sequence<String>>(files: Files) {
        for file in files {
            let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, text) in lines.enumerated() where text.contains(anyOf: ["var "]) {
                let line = String(text)
                guard let match = Self.declarationPattern.matches(in: line).first,
                    let name = match.groups[2]
                else { continue }
                let modifiers = match.groups[1].map(String.init) ?? ""
                let rest = line[match.range.upperBound...]
                // Attributes on lines of their own above the declaration count as its own (a line that
                // declares something is another declaration, attributes and all).
                var attributes = modifiers
                var above = number - 1
                while above >= 0, lines[above].drop(while: \.isWhitespace).hasPrefix("@"),
                    !lines[above].contains(anyOf: ["var ", "let ", "func ", "="])
                {
                    attributes += " " + lines[above]
                    above -= 1
                }
                // A computed property (a `{` before any `=`: `var isEmpty: Bool { count == 0 }`) and a
                // task-local value share nothing; `static var x = { … }()` and `var x = 0 { didSet … }` store.
                let brace = rest.firstIndex(of: "{"), equals = rest.firstIndex(of: "=")
                let computed = brace.map { brace in equals.map { brace < $0 } ?? true } ?? false
                guard !computed, !attributes.contains("@TaskLocal") else { continue }
                if modifiers.contains("static ") || modifiers.contains("class ") {
                    statics.insert(String(name))
                } else if match.groups[0]?.isEmpty ?? true {
                    globals.insert(String(name))
                }
            }
        }
        names = Array(globals) + Array(statics)
    }

    /// Whether `code` refers to one of the variables.
    package func isReferred(in code: String) -> Bool {
        // Most code names none of them: a plain search first, the pattern only where one is named.
        guard code.contains(anyOf: names) else { return false }
        for match in Self.referencePattern.matches(in: code) {
            guard let name = match.groups[1].map(String.init) else { continue }
            if let owner = match.groups[0] {
                if owner.first?.isUppercase == true, statics.contains(name) { return true }
            } else if globals.contains(name) {
                return true
            }
        }
        return false
    }

    /// `indentation modifiers var name`: modifiers are words and attributes (`nonisolated(unsafe)`).
    private static let declarationPattern = SourcePattern(
        #"^([ \t]*)((?:(?:@?[A-Za-z_]+(?:\([^)]*\))?)[ \t]+)*)var[ \t]+([A-Za-z_][A-Za-z0-9_]*)"#)
    /// An identifier not after a `.`, or `Owner.name`.
    private static let referencePattern = SourcePattern(
        #"(?:\b([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*|(?<![.\w]))([a-z_][A-Za-z0-9_]*)\b"#)
}
