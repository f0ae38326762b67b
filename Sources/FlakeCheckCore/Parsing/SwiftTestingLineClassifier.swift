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
        guard let first = line.first, !first.isASCII || first == "?" else { return nil }
        var body = line.dropFirst()
        guard body.first == " " else { return nil }
        body = body.drop { $0 == " " }
        if first == "↳" || first == "±" { return .detail(String(line.dropFirst(2))) }
        if body.hasPrefix("Suite ") || body.hasPrefix("Passing ") || body.hasPrefix("Iteration ")
            || body.hasPrefix("Attached ") || body.hasPrefix("Test case ") {
            return .structural
        }
        guard body.hasPrefix("Test ") else { return nil }
        body = body.dropFirst(5)
        if body.hasPrefix("run started") { return .structural }
        if body.hasPrefix("run with ") { return .runFinished }
        guard let (name, rest) = splitName(body) else { return nil }
        let reference = TestReference(framework: .swiftTesting, name: name, isQualified: false)
        return classifyRest(rest, reference: reference)
    }

    private static func classifyRest(_ rest: Substring, reference: TestReference) -> Line? {
        if rest.hasPrefix(" started") { return .started(reference) }
        if rest.hasPrefix(" recorded an issue") { return .failure(reference, issue(from: rest)) }
        if rest.hasPrefix(" recorded a ") { return .ignoredIssue }
        if rest.hasPrefix(" skipped") { return .finished(reference, .skipped, duration: nil) }
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
        if body.hasPrefix("\"") {
            var search = body.index(after: body.startIndex)
            var end: String.Index?
            while let quote = body[search...].firstIndex(of: "\"") {
                let after = body[body.index(after: quote)...]
                if wordsAfterName.contains(where: { after.hasPrefix($0) }) {
                    end = body.index(after: quote)
                    break
                }
                search = body.index(after: quote)
            }
            guard let nameEnd = end else { return nil }
            name = body[..<nameEnd]
        } else {
            name = body.prefix { $0 != " " }
        }
        var rest = body[name.endIndex...]
        if rest.hasPrefix(" (aka '"), let close = rest.utf8Range(of: "')") {
            rest = rest[close.upperBound...]
        }
        guard !name.isEmpty, !rest.isEmpty else { return nil }
        return (String(name), rest)
    }

    /// ` recorded an issue[ with 1 argument x → 2][ at File.swift:5:40]: Expectation failed: …`
    private static func issue(from rest: Substring) -> FailureRecord {
        let afterSubject = rest.dropFirst(" recorded an issue".count)
        if let match = afterSubject.firstMatch(of: #/ at ([^\s:]+:\d+:\d+): /#) {
            return FailureRecord(message: String(afterSubject[match.range.upperBound...]),
                                 location: String(match.output.1))
        }
        // No location on this line: argument values with newlines can push it onto a continuation line,
        // so keep the raw text and let `completed` look again once the issue is complete.
        return FailureRecord(message: String(afterSubject), location: nil)
    }

    /// Finishes an issue whose first line had no location, once its continuation lines are attached.
    static func completed(_ failure: FailureRecord) -> FailureRecord {
        guard failure.location == nil else { return failure }
        if let match = failure.message.firstMatch(of: #/ at ([^\s:]+:\d+:\d+): /#) {
            return FailureRecord(message: String(failure.message[match.range.upperBound...]),
                                 location: String(match.output.1))
        }
        if let colon = failure.message.utf8Range(of: ": ") {
            return FailureRecord(message: String(failure.message[colon.upperBound...]), location: nil)
        }
        return failure
    }

    private static func seconds(after index: String.Index, in text: Substring) -> Double? {
        Double(text[index...].prefix { $0.isNumber || $0 == "." })
    }
}
