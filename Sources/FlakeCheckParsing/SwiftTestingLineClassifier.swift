import FlakeCheckModel

/// Recognises Swift Testing's console lines by their wording, not their symbols: the symbols changed
/// between 6.0 and 6.3 (`✘` meant fail, skip and known issue in 6.0/6.1) and differ per platform.
///
///     ◇ Test passes() started.
///     ✘ Test alwaysFails() recorded an issue at File.swift:5:40: Expectation failed: 1 == 2
///     ↳ always fails
///     ✔ Test "Display "quoted" name" passed after 0.004 seconds.
///     ✘ Test parameterized(value:) with 3 test cases failed after 0.004 seconds with 1 issue.
///     ➜ Test disabled() skipped: "not today"
///     ✘ Test run with 18 tests in 3 suites failed after 0.006 seconds with 7 issues.
///
/// It works on the line's bytes and decodes only the parts an event keeps.
package enum SwiftTestingLineClassifier {
    /// Words that can follow a test's name; used to find where a quoted display name ends.
    private static let wordsAfterName: [StaticString] = [
        " started", " recorded ", " passed after ", " failed after ",
        " with ", " skipped", " was cancelled after ", " (aka ",
    ]
    private static let issuePrefix: StaticString = " recorded an issue"

    package static func classify(_ line: LineBytes, names: inout TestNameTable) -> ConsoleLine? {
        // The symbol is one to eight bytes (`⚠︎` is two scalars), then a space.
        guard let firstByte = line.first, firstByte >= 0x80 || firstByte == UInt8(ascii: "?") else { return nil }
        guard let space = line.prefix(9).firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let symbol = line.prefix(space)
        if symbol.equals("↳") || symbol.equals("±") { return .detail(line.dropFirst(space + 1).string) }
        var bodyStart = space
        while bodyStart < line.count, line[bodyStart] == UInt8(ascii: " ") { bodyStart += 1 }
        var body = line.dropFirst(bodyStart)
        if body.hasPrefix("Iteration ") {
            return body.contains(" started") ? .runStarted(.swiftTesting) : .structural
        }
        if body.hasPrefix("Suite ") || body.hasPrefix("Passing ") || body.hasPrefix("Attached ")
            || body.hasPrefix("Test case ")
        {
            return .structural
        }
        guard body.hasPrefix("Test ") else { return nil }
        body = body.dropFirst(5)
        if body.hasPrefix("run started") { return .runStarted(.swiftTesting) }
        if body.hasPrefix("run with ") { return .runFinished(.swiftTesting, tests: body.dropFirst(9).countOfTests) }
        guard let (name, rest) = splitName(body) else { return nil }
        return classifyRest(rest) {
            names.reference(
                name, form: .swiftTesting,
                decode: { TestReference(framework: .swiftTesting, name: $0.string, isQualified: false) })
        }
    }

    /// `reference` is made only once the rest of the line is known to be a result.
    private static func classifyRest(_ rest: LineBytes, reference: () -> TestReference) -> ConsoleLine? {
        if rest.hasPrefix(" started") { return .started(reference(), iteration: repetition(in: rest)) }
        if rest.hasPrefix(issuePrefix) {
            return .failure(reference(), issue(from: rest.dropFirst(issuePrefix.utf8CodeUnitCount)))
        }
        if rest.hasPrefix(" recorded a ") { return .ignoredIssue }
        if rest.hasPrefix(" skipped") { return .skipped(reference(), reason: skipReason(rest), ends: true) }
        // The result follows the name at once, or after ` with 3 test cases` (6.2+): not anywhere later,
        // so a print such as `✓ Test data ready✔ Test x() passed after …` is no pass of `data`.
        let result = rest.dropFirst(testCasesLength(rest))
        for (status, marker) in endMarkers where result.hasPrefix(marker) {
            return .finished(reference(), status, duration: seconds(in: result.dropFirst(marker.utf8CodeUnitCount)))
        }
        return nil
    }

    /// ` skipped: "not today"` gives `not today`; a bare ` skipped.` gives nil.
    package static func skipReason<S: StringProtocol>(_ rest: S) -> String? {
        guard let colon = rest.range(of: "skipped: ") else { return nil }
        var reason = rest[colon.upperBound...]
        if reason.hasPrefix("\""), reason.hasSuffix("\""), reason.count >= 2 { reason = reason.dropFirst().dropLast() }
        return reason.isEmpty ? nil : String(reason)
    }

    private static func skipReason(_ rest: LineBytes) -> String? { skipReason(rest.string) }

    /// Swift Testing 6.4 numbers the repetitions after the first: `started (repetition 2).`
    private static func repetition(in rest: LineBytes) -> Int? {
        let marker: StaticString = " started (repetition "
        guard rest.hasPrefix(marker) else { return nil }
        return rest.dropFirst(marker.utf8CodeUnitCount).leadingInteger
    }

    private static let endMarkers: [(FinishStatus, StaticString)] = [
        (.passed, " passed after "), (.failed, " failed after "), (.skipped, " was cancelled after "),
    ]

    /// The length of a leading ` with 3 test cases` (or `1 test case`), or 0.
    private static func testCasesLength(_ rest: LineBytes) -> Int {
        guard rest.hasPrefix(" with ") else { return 0 }
        var index = 6
        while index < rest.count, rest[index].isASCIIDigit { index += 1 }
        let words = rest.dropFirst(index)
        guard index > 6, words.hasPrefix(" test case") else { return 0 }
        return index + (words.hasPrefix(" test cases") ? 11 : 10)
    }

    /// Splits `"Display "quoted" name" passed after …` or `name() started.` into name and the rest.
    /// Display names are printed in quotes with inner quotes unescaped, so the name ends at the first
    /// `"` that is followed by one of the words that can come after a name.
    private static func splitName(_ body: LineBytes) -> (name: LineBytes, rest: LineBytes)? {
        var nameEnd: Int?
        if body.first == UInt8(ascii: "\"") {
            var search = 1
            while let quote = body.firstIndex(of: UInt8(ascii: "\""), from: search) {
                let after = body.dropFirst(quote + 1)
                if wordsAfterName.contains(where: { after.hasPrefix($0) }) {
                    nameEnd = quote + 1
                    break
                }
                search = quote + 1
            }
        } else {
            nameEnd = body.firstIndex(of: UInt8(ascii: " ")) ?? body.count
        }
        guard let nameEnd, nameEnd > 0 else { return nil }
        var rest = body.dropFirst(nameEnd)
        if rest.hasPrefix(" (aka '"), let close = rest.range(of: "')") {
            rest = rest.dropFirst(close.upperBound)
        }
        guard !rest.isEmpty else { return nil }
        return (body.prefix(nameEnd), rest)
    }

    /// What follows ` recorded an issue`: `[ with 1 argument x → 2][ at File.swift:5:40]: Expectation failed: …`
    private static func issue(from afterSubject: LineBytes) -> FailureRecord {
        if let (location, message) = locatedMessage(in: afterSubject) {
            return FailureRecord(
                message: afterSubject[message].string, location: afterSubject[location].string,
                arguments: arguments(in: afterSubject.prefix(location.lowerBound)))
        }
        // No location on this line: argument values with newlines can push it onto a continuation line,
        // so keep the raw text and let `completed` look again once the issue is complete.
        return FailureRecord(message: afterSubject.string, location: nil)
    }

    /// ` with 1 argument value → 2 at ` → `value → 2`: the failing case's arguments, before the location.
    private static func arguments(in beforeLocation: LineBytes) -> String? {
        guard beforeLocation.hasPrefix(" with "), let space = beforeLocation.dropFirst(6).range(of: " ") else {
            return nil
        }
        var text = beforeLocation.dropFirst(6 + space.upperBound).string
        for word in ["arguments ", "argument "] where text.hasPrefix(word) { text.removeFirst(word.count) }
        return text.hasSuffix(" at ") ? String(text.dropLast(4)) : text
    }

    /// Finishes an issue whose first line had no location, once its continuation lines are attached.
    static func completed(_ failure: FailureRecord) -> FailureRecord {
        guard failure.location == nil else { return failure }
        return failure.message.withLineBytes { text in
            if let (location, message) = locatedMessage(in: text) {
                return FailureRecord(message: text[message].string, location: text[location].string)
            }
            if let colon = text.range(of: ": ") {
                return FailureRecord(message: text.dropFirst(colon.upperBound).string, location: nil)
            }
            return failure
        }
    }

    /// Finds ` at File.swift:12:5: ` and splits there: the location, and the message after it.
    /// Hand-written rather than a regex, and linear in the text however many ` at ` it holds: the `: `
    /// that ends a token, and whether `:line:column` comes before it, are found once for every ` at `
    /// that shares them.
    static func locatedMessage(in text: LineBytes) -> (location: Range<Int>, message: Range<Int>)? {
        var search = 0
        var separator: Range<Int>?
        var lineAndColumn: Int?
        while let at = text.range(of: " at ", from: search) {
            let tokenStart = at.upperBound
            if separator.map({ $0.lowerBound < tokenStart }) ?? true {
                guard let found = text.range(of: ": ", from: tokenStart) else { return nil }
                separator = found
                lineAndColumn = lineAndColumnStart(in: text.prefix(found.lowerBound))
            }
            // A location is a file name (at least one byte, no spaces), then `:line:column`.
            if let separator, let lineAndColumn, lineAndColumn > tokenStart,
                text[tokenStart..<lineAndColumn].firstIndex(of: UInt8(ascii: " ")) == nil
            {
                return (tokenStart..<separator.lowerBound, separator.upperBound..<text.count)
            }
            search = tokenStart
        }
        return nil
    }

    /// Where a trailing `:digits:digits` starts, if the text ends that way.
    private static func lineAndColumnStart(in text: LineBytes) -> Int? {
        var index = text.count - 1
        for _ in 0..<2 {
            let digitsEnd = index
            while index >= 0, text[index].isASCIIDigit { index -= 1 }
            guard index < digitsEnd, index >= 0, text[index] == UInt8(ascii: ":") else { return nil }
            index -= 1
        }
        return index + 1
    }

    /// The number at the start of `text` (`0.004` in `0.004 seconds.`).
    private static func seconds(in text: LineBytes) -> Double? {
        let end = text.buffer.firstIndex { !($0.isASCIIDigit || $0 == UInt8(ascii: ".")) }
        return text.prefix(end ?? text.count).decimal
    }
}
