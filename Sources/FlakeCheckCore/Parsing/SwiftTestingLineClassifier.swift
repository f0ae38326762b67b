import Foundation

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
enum SwiftTestingLineClassifier {
    enum Line: Equatable {
        case started(TestReference)
        case finished(TestReference, FinishStatus, duration: Double?)
        case failure(TestReference, FailureRecord)
        /// A known issue or a warning: its detail lines follow but it fails nothing.
        case ignoredIssue
        /// `↳ comment` or `± difference` lines that continue the previous issue.
        case detail(String)
        case runFinished
        /// Run start, suite lines, parameterized case lines, iterations, attachments.
        case structural
    }

    /// Words that can follow a test's name; used to find where a quoted display name ends.
    private static let wordsAfterName = [" started", " recorded ", " passed after ", " failed after ",
                                         " with ", " skipped", " was cancelled after ", " (aka "]

    static func classify(_ line: String) -> Line? {
        // Work on UTF-8 bytes: the symbol is one to eight bytes (`⚠︎` is two scalars), then a space.
        let utf8 = line.utf8
        guard let firstByte = utf8.first, firstByte >= 0x80 || firstByte == UInt8(ascii: "?") else { return nil }
        guard let space = utf8.prefix(9).firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let symbol = line[..<space]
        var bodyStart = space
        while bodyStart < line.endIndex, utf8[bodyStart] == UInt8(ascii: " ") { bodyStart = utf8.index(after: bodyStart) }
        var body = line[bodyStart...]
        if symbol == "↳" || symbol == "±" { return .detail(String(line[utf8.index(after: space)...])) }
        if body.utf8HasPrefix("Suite ") || body.utf8HasPrefix("Passing ") || body.utf8HasPrefix("Iteration ")
            || body.utf8HasPrefix("Attached ") || body.utf8HasPrefix("Test case ") {
            return .structural
        }
        guard body.utf8HasPrefix("Test ") else { return nil }
        body = body[body.utf8.index(body.startIndex, offsetBy: 5)...]
        if body.utf8HasPrefix("run started") { return .structural }
        if body.utf8HasPrefix("run with ") { return .runFinished }
        guard let (name, rest) = splitName(body) else { return nil }
        let reference = TestReference(framework: .swiftTesting, name: name, isQualified: false)
        return classifyRest(rest, reference: reference)
    }

    private static func classifyRest(_ rest: Substring, reference: TestReference) -> Line? {
        if rest.utf8HasPrefix(" started") { return .started(reference) }
        if rest.utf8HasPrefix(" recorded an issue") { return .failure(reference, issue(from: rest)) }
        if rest.utf8HasPrefix(" recorded a ") { return .ignoredIssue }
        if rest.utf8HasPrefix(" skipped") { return .finished(reference, .skipped, duration: nil) }
        if let marker = rest.utf8Range(of: " passed after ") {
            return .finished(reference, .passed, duration: seconds(after: marker.upperBound, in: rest))
        }
        if let marker = rest.utf8Range(of: " failed after ") {
            return .finished(reference, .failed, duration: seconds(after: marker.upperBound, in: rest))
        }
        if let marker = rest.utf8Range(of: " was cancelled after ") {
            return .finished(reference, .skipped, duration: seconds(after: marker.upperBound, in: rest))
        }
        return nil
    }

    /// Splits `"Display "quoted" name" passed after …` or `name() started.` into name and the rest.
    /// Display names are printed in quotes with inner quotes unescaped, so the name ends at the first
    /// `"` that is followed by one of the words that can come after a name.
    private static func splitName(_ body: Substring) -> (String, Substring)? {
        var name: Substring
        if body.utf8HasPrefix("\"") {
            let utf8 = body.utf8
            var search = utf8.index(after: body.startIndex)
            var end: String.Index?
            while let quote = utf8[search...].firstIndex(of: UInt8(ascii: "\"")) {
                let afterQuote = utf8.index(after: quote)
                let after = body[afterQuote...]
                if wordsAfterName.contains(where: { after.utf8HasPrefix($0) }) {
                    end = afterQuote
                    break
                }
                search = afterQuote
            }
            guard let nameEnd = end else { return nil }
            name = body[..<nameEnd]
        } else {
            let nameEnd = body.utf8.firstIndex(of: UInt8(ascii: " ")) ?? body.endIndex
            name = body[..<nameEnd]
        }
        var rest = body[name.endIndex...]
        if rest.utf8HasPrefix(" (aka '"), let close = rest.utf8Range(of: "')") {
            rest = rest[close.upperBound...]
        }
        guard !name.isEmpty, !rest.isEmpty else { return nil }
        return (String(name), rest)
    }

    /// ` recorded an issue[ with 1 argument x → 2][ at File.swift:5:40]: Expectation failed: …`
    private static func issue(from rest: Substring) -> FailureRecord {
        let afterSubject = rest.dropFirst(" recorded an issue".count)
        if let (location, message) = locatedMessage(in: afterSubject) {
            return FailureRecord(message: String(message), location: String(location))
        }
        // No location on this line: argument values with newlines can push it onto a continuation line,
        // so keep the raw text and let `completed` look again once the issue is complete.
        return FailureRecord(message: String(afterSubject), location: nil)
    }

    /// Finishes an issue whose first line had no location, once its continuation lines are attached.
    static func completed(_ failure: FailureRecord) -> FailureRecord {
        guard failure.location == nil else { return failure }
        if let (location, message) = locatedMessage(in: Substring(failure.message)) {
            return FailureRecord(message: String(message), location: String(location))
        }
        if let colon = failure.message.utf8Range(of: ": ") {
            return FailureRecord(message: String(failure.message[colon.upperBound...]), location: nil)
        }
        return failure
    }

    /// Finds ` at File.swift:12:5: ` and splits there: the location, and the message after it. Hand-written
    /// rather than a regex literal, which Swift re-compiles on every call (it was 40% of parsing time).
    static func locatedMessage(in text: Substring) -> (location: Substring, message: Substring)? {
        var search = text.startIndex
        while let at = text[search...].utf8Range(of: " at ") {
            let tokenStart = at.upperBound
            if let end = text[tokenStart...].utf8Range(of: ": ") {
                let token = text[tokenStart..<end.lowerBound]
                if isSourceLocation(token) { return (token, text[end.upperBound...]) }
            }
            search = at.upperBound
        }
        return nil
    }

    /// `File.swift:12:5`: no spaces, then `:digits:digits` at the end.
    static func isSourceLocation(_ token: Substring) -> Bool {
        let bytes = Array(token.utf8)
        guard !bytes.isEmpty, !bytes.contains(UInt8(ascii: " ")) else { return false }
        var index = bytes.count - 1
        for _ in 0..<2 {
            let digitsEnd = index
            while index >= 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index -= 1 }
            guard index < digitsEnd, index > 0, bytes[index] == UInt8(ascii: ":") else { return false }
            index -= 1
        }
        return true
    }

    private static func seconds(after index: String.Index, in text: Substring) -> Double? {
        let digits = text[index...]
        let end = digits.utf8.firstIndex { !((UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".")) }
        return Double(digits[..<(end ?? digits.endIndex)])
    }
}
