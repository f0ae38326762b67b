import FlakeCheckSupport
import Foundation

/// Test code that runs later than the function holding it, for `HintDetector`: the body of a `Task {}` the
/// function fires (it runs beside the caller), and a closure it hands to an initializer (`SensorClient(read:
/// { … })`, a fake built from closures, run when the code under test calls it). What that code waits on is not
/// the caller's wait, as with a fake the code under test calls; a `Task {}` it fires still races the caller.
extension HintDetector {
    /// `code` with such bodies emptied (a fired task stays `Task {}`, so it still counts as fired), and the
    /// bodies themselves.
    static func splittingDeferredCode(_ code: String) -> (runsNow: String, deferred: [String]) {
        guard code.contains(anyOf: ["Task", ": {", ":{"]) else { return (code, []) }
        var bodies: [Range<String.Index>] = []
        for start in unstructuredStartPositions(in: code) {
            if let body = SourceIndex.block(in: code, from: start) { bodies.append(body) }
        }
        for match in labelledClosurePattern.matches(in: code)
        where handedToInitializer(at: match.range.lowerBound, in: code) {
            if let body = SourceIndex.block(in: code, from: match.range.lowerBound) { bodies.append(body) }
        }
        // Outermost bodies only, in order: a task fired inside a fake's closure goes with the closure.
        let outermost = bodies.sorted { $0.lowerBound < $1.lowerBound }.reduce(into: [Range<String.Index>]()) {
            kept, body in
            if let last = kept.last, body.lowerBound < last.upperBound { return }
            kept.append(body)
        }
        guard !outermost.isEmpty else { return (code, []) }
        var runsNow = ""
        var cursor = code.startIndex
        for body in outermost {
            runsNow += code[cursor..<body.lowerBound] + "{}"
            cursor = body.upperBound
        }
        runsNow += code[cursor...]
        return (runsNow, outermost.map { String(code[$0]) })
    }

    /// Whether the closure at `position` is an argument of an initializer call: the innermost parenthesis
    /// still open before it follows a capitalised name (`SensorClient(`).
    private static func handedToInitializer(at position: String.Index, in code: String) -> Bool {
        var depth = 0
        var index = position
        while index > code.startIndex {
            index = code.index(before: index)
            switch code[index] {
            case ")", "]", "}": depth += 1
            case "(", "[", "{":
                if depth > 0 {
                    depth -= 1
                    continue
                }
                guard code[index] == "(" else { return false }
                let name = code[..<index].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return name.last?.isUppercase == true
            default: continue
            }
        }
        return false
    }

    /// `label: {`, a closure passed under a label.
    private static let labelledClosurePattern = SourcePattern(#"\b[a-z][A-Za-z0-9_]*\s*:\s*(?=\{)"#)
}
