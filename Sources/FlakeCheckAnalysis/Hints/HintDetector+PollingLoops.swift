import FlakeCheckSupport
import Foundation

/// Loops that yield until something holds (issue #54, item 4), for `HintDetector`: a loop on the product's
/// state waits for that state, a gate; one that counts its turns, or polls a box the test fills itself,
/// is a fixed number of yields.
extension HintDetector {
    /// `Task.yield()`s inside a `while` loop whose condition is state and no count (`while pending == nil`,
    /// `while !model.isLoaded`): the loop waits until that state holds, not for a fixed number of turns.
    static func pollingYieldPositions(in code: String) -> [String.Index] {
        yieldLoops(in: code).filter { $0.kind == .gate }.flatMap(\.yields)
    }

    /// Whether the test yields in a loop on one object's state before it checks another's:
    /// such a race showed under runs alone and never under ordered schedules (`HuntOpening`).
    static func pollsAProxy(in code: String) -> Bool {
        yieldLoops(in: code).contains { $0.kind == .proxy }
    }

    /// What a `while` loop that yields waits for.
    enum YieldLoop {
        /// The product's state: a gate.
        case gate
        /// A count of its turns, or a box the test fills itself: a fixed number of yields.
        case counted
        /// One object's state, before a check of another's: yields.
        case proxy
    }

    /// Every `while` loop in `code` that yields (a `repeat … while` excepted), with the `Task.yield()`s in
    /// its body; a loop without one is not read further.
    private static func yieldLoops(in code: String) -> [(kind: YieldLoop, yields: [String.Index])] {
        var found: [(kind: YieldLoop, yields: [String.Index])] = []
        for loop in positions(of: "while ", in: code) {
            // `repeat { … } while condition`: its body is before the keyword.
            if closesRepeat(code, before: loop) { continue }
            guard let body = SourceIndex.block(in: code, from: loop) else { continue }
            var yields: [String.Index] = []
            var searchStart = body.lowerBound
            while let yield = code.range(of: "Task.yield()", range: searchStart..<body.upperBound) {
                yields.append(yield.lowerBound)
                searchStart = yield.upperBound
            }
            if yields.isEmpty { continue }
            found.append((kind(ofLoopAt: loop, body: body, in: code), yields))
        }
        return found
    }

    private static func kind(ofLoopAt loop: String.Index, body: Range<String.Index>, in code: String) -> YieldLoop {
        // A loop that also counts its turns (`while turns < maxTurns, state == .loading`) gives up after
        // a fixed number of yields: still yields, not a gate (a helper labelled it so).
        let condition = String(code[code.index(loop, offsetBy: 6)..<body.lowerBound])
        let clauses = condition.replacingOccurrences(of: "&&", with: ",").split(separator: ",")
        if clauses.contains(where: { countingCondition.isFound(in: String($0)) }) { return .counted }
        // A condition on a box the test fills itself (`while date.value == nil` after its own closure's
        // `date.setValue(now)`) is no state of the product's: the yields are a count in disguise (a
        // corpus labelled such loops before the reader existed).
        if let root = conditionRootPattern.matches(in: condition).first?.groups[0],
            testWrites(String(root), in: code, outside: loop..<body.upperBound)
        {
            return .counted
        }
        // A loop on one object's state that is followed by a check of another's (`while await
        // service.fetchCount == 0`, then `#expect(viewModel.items == …)`) waits for a proxy: what the
        // check reads may still be on its way, so the yields are yields.
        return checksAnotherObject(polledBy: condition, in: code, after: body.upperBound) ? .proxy : .gate
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

    /// Whether the first check after a polling loop reads nothing the loop's condition polled: the object
    /// the condition reads a member of (`service` in `await service.fetchCount == 0`), or a name the test
    /// sets from it between the loop and the check (`let playlists = await service.localPlaylists()`).
    /// A condition that is no member of an object, or a loop with no check after it, is left alone.
    static func checksAnotherObject(polledBy condition: String, in code: String, after loopEnd: String.Index) -> Bool {
        guard let object = polledObjectPattern.matches(in: condition).first?.groups[0].map(String.init),
            let check = checkPositions(in: code).first(where: { $0 >= loopEnd })
        else { return false }
        var read: Set<String> = [object]
        let between = code[loopEnd..<check]
        for line in between.split(separator: "\n") {
            guard let assigned = assignmentPattern.matches(in: String(line)).first,
                let name = assigned.groups[0], let value = assigned.groups[1],
                read.contains(where: { mentions($0, in: String(value)) })
            else { continue }
            read.insert(String(name))
        }
        // The check up to its closing parenthesis, over as many lines as it takes.
        let arguments = SourceIndex.block(in: code, from: check, opening: "(", closing: ")") ?? check..<code.endIndex
        let checked = String(code[arguments])
        return !read.contains { mentions($0, in: checked) }
    }

    /// Whether `text` holds `name` as a whole word.
    private static func mentions(_ name: String, in text: String) -> Bool {
        var searchStart = text.startIndex
        while let range = text.range(of: name, range: searchStart..<text.endIndex) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
            let isWordCharacter = { (character: Character) in character.isLetter || character.isNumber || character == "_" }
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            searchStart = range.upperBound
        }
        return false
    }

    /// The object a loop's condition reads a member of: `service` in `await service.fetchCount == 0` and in
    /// `!service.isReady`.
    private static let polledObjectPattern = SourcePattern(
        #"^[\s(!]*(?:(?:try|await)\s+)*!?([A-Za-z_][A-Za-z0-9_]*)\s*\."#)

    /// `let name = value` (or `var`) on one line.
    private static let assignmentPattern = SourcePattern(
        #"^\s*(?:let|var)\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?::[^=]*)?=\s*(.*)$"#)

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
