import FlakeCheckSupport
import Foundation

/// Loops that yield until something holds (issue #54, item 4), for `HintDetector`: a loop on the product's
/// state waits for that state, a gate; one that counts its turns, or polls a box the test fills itself,
/// is a fixed number of yields.
extension HintDetector {
    /// `Task.yield()`s inside a `while` loop whose condition is state and no count (`while pending == nil`,
    /// `while !model.isLoaded`): the loop waits until that state holds, not for a fixed number of turns.
    static func pollingYieldPositions(in code: String) -> [String.Index] {
        var found: [String.Index] = []
        for loop in positions(of: "while ", in: code) {
            // `repeat { … } while condition`: its body is before the keyword.
            if closesRepeat(code, before: loop) { continue }
            guard let body = SourceIndex.block(in: code, from: loop) else { continue }
            // A loop that also counts its turns (`while turns < maxTurns, state == .loading`) gives up after
            // a fixed number of yields: still yields, not a gate (a helper labelled it so).
            let condition = code[code.index(loop, offsetBy: 6)..<body.lowerBound]
            let clauses = condition.replacingOccurrences(of: "&&", with: ",").split(separator: ",")
            guard !clauses.contains(where: { countingCondition.isFound(in: String($0)) }) else { continue }
            // A condition on a box the test fills itself (`while date.value == nil` after its own closure's
            // `date.setValue(now)`) is no state of the product's: the yields are a count in disguise (a
            // corpus labelled such loops before the reader existed).
            if let root = conditionRootPattern.matches(in: String(condition)).first?.groups[0],
                testWrites(String(root), in: code, outside: loop..<body.upperBound)
            {
                continue
            }
            var searchStart = body.lowerBound
            while let yield = code.range(of: "Task.yield()", range: searchStart..<body.upperBound) {
                found.append(yield.lowerBound)
                searchStart = yield.upperBound
            }
        }
        return found
    }

    /// Whether the code before `position` ends with a `repeat { … }` block, making the `while` there a
    /// repeat loop's condition; a block of another kind before it (`let station = Task { … }` on the line
    /// above a `while` loop) does not.
    static func closesRepeat(_ code: String, before position: String.Index) -> Bool {
        guard let close = code[..<position].lastIndex(where: { !$0.isWhitespace }), code[close] == "}" else {
            return false
        }
        var depth = 0
        var index = close
        while true {
            if code[index] == "}" { depth += 1 }
            if code[index] == "{" {
                depth -= 1
                if depth == 0 { break }
            }
            guard index > code.startIndex else { return false }
            index = code.index(before: index)
        }
        return code[..<index].trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("repeat")
    }

    /// The first name a loop's condition reads (`ticket` in `!ticket.isReady`).
    private static let conditionRootPattern = SourcePattern(#"^[\s(!]*([A-Za-z_][A-Za-z0-9_]*)"#)

    /// Whether `code` outside `loop` writes `name` itself: assigns it, or changes it through a box's
    /// setter (`withValue`, `setValue`, `append`, …).
    static func testWrites(_ name: String, in code: String, outside loop: Range<String.Index>) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        let writes = SourcePattern(
            #"\b"# + escaped
                + #"(?:\s*\.\s*(?:withValue|setValue|append|insert|mutate|store|increment)\b|(?:\s*\.\s*value)?\s*=[^=])"#)
        return writes.matches(in: code).contains { match in
            guard !loop.contains(match.range.lowerBound) else { return false }
            // Its own declaration (`let date = LockIsolated<Date?>(nil)`) is no write.
            let lineStart = code[..<match.range.lowerBound].lastIndex(of: "\n").map { code.index(after: $0) }
                ?? code.startIndex
            let before = code[lineStart..<match.range.lowerBound].trimmingCharacters(in: .whitespaces)
            return !(before.hasSuffix("let") || before.hasSuffix("var"))
        }
    }

    /// `i < 3`, `attempts <= maxAttempts`, `count < 10`: a loop bounded by a count.
    private static let countingCondition = SourcePattern(
        #"^\s*[A-Za-z_][A-Za-z0-9_]*\s*(?:<|<=|>|>=)\s*(?:[0-9]+|[A-Za-z_][A-Za-z0-9_]*)\s*$"#)
}
