import FlakeCheckModel
import FlakeCheckParsing
import FlakeCheckSupport
import Foundation

/// How a test's own code calls the code under test, for `HintDetector`: a `Task {}` fired by a function the
/// test calls without awaiting races its next check, and a call the test awaits for its value is the whole
/// call, whatever that call waits on inside.
extension HintDetector {
    /// Whether the test's own code, before its first check, calls a function of the code under test that
    /// fires a `Task {}` (a `nonisolated` method, a synchronous one) without awaiting the call: the check
    /// then races that task as surely as one the test fired itself. An awaited call (`await
    /// model.load()`, `await prefetcher.prefetch().value`) and a returned task the test awaits before the
    /// check are not this: the example's awaited prefetch and its trackers reached through awaited calls
    /// had read as unstructured when every such call counted.
    package static func firesTaskUnawaited(own: String, productCalls: [String]) -> Bool {
        let names = Set(productCalls.filter(firesUnstructuredTask).compactMap(declaredName))
        guard !names.isEmpty else { return false }
        // The body only: the declaration's own name reads as a call.
        let header = own.range(of: "func ").flatMap { own[$0.upperBound...].firstIndex(of: "{") }
        let beforeCheck = upToFirstCheck(String(own[(header.map { own.index(after: $0) } ?? own.startIndex)...]))
        for line in beforeCheck.split(separator: "\n").map(String.init) {
            for match in callOnLinePattern.matches(in: line) {
                guard let name = match.groups[1], names.contains(String(name)) else { continue }
                if line[..<name.startIndex].contains("await") { continue }
                // `let task = model.start()` and then `await task.value` before the check waits for it.
                if let bound = match.groups[0], beforeCheck.contains("await \(bound).value") { continue }
                return true
            }
        }
        return false
    }

    /// Whether every awaited call of `name` in the test's code binds or drops its result (`let fix = try
    /// await client.currentFix()`, `_ = try await client.currentFix()`); false when the code never awaits it.
    package static func awaitsOnlyForValue(_ name: String, in code: String) -> Bool {
        let calls = awaitedCallPattern.matches(in: code).filter { $0.groups[0].map(String.init) == name }
        guard !calls.isEmpty else { return false }
        return calls.allSatisfy { call in
            let lineStart =
                code[..<call.range.lowerBound].lastIndex(of: "\n").map { code.index(after: $0) } ?? code.startIndex
            return boundResultPattern.isFound(in: String(code[lineStart..<call.range.lowerBound]))
        }
    }

    /// `let fix = `, `var fix: Coordinate = ` or `_ = ` before an awaited call on its line.
    private static let boundResultPattern = SourcePattern(
        #"(?:\b(?:let|var)\s+[A-Za-z_][A-Za-z0-9_]*[^=]*|(?:^|\s)_\s*)=\s*(?:try\s*[?!]?\s*)?$"#)

    /// `code` up to its first check (all of it when it has none).
    package static func upToFirstCheck(_ code: String) -> String {
        guard let check = assertions.compactMap({ code.range(of: $0)?.lowerBound }).min() else { return code }
        return String(code[..<check])
    }

    /// The name a function declaration declares: `func name(` or `func name<`.
    package static func declaredName(_ declaration: String) -> String? {
        declarationNamePattern.matches(in: declaration).first?.groups[0].map(String.init)
    }

    private static let declarationNamePattern = SourcePattern(#"\bfunc\s+([A-Za-z_][A-Za-z0-9_]*)"#)
    /// A call on this line: `name(` or `receiver.name(`, with the variable its result is bound to, if any.
    private static let callOnLinePattern = SourcePattern(
        #"(?:\blet\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*[^=]*?)?(?:\.|\b)([a-z_][A-Za-z0-9_]*)\s*\("#)
}
