import Foundation

/// A regular expression over Swift source text, run by Foundation's ICU engine. The hint indexes first
/// used Swift `Regex`, which took most of a one-test run on a small package (every source file is scanned
/// for its types and functions); ICU runs the same patterns in a fraction of that (Benchmarks.md,
/// "Measurements behind the code"). Its `\b` is
/// the simple word boundary, which the call patterns need (`tracker.track` is two words).
struct SourcePattern: @unchecked Sendable {
    private let expression: NSRegularExpression

    init(_ pattern: String) {
        // The patterns are literals of this module; one that does not compile is a programming error.
        expression = try! NSRegularExpression(pattern: pattern)
    }

    struct Match {
        var range: Range<String.Index>
        /// The capture groups, in order; nil for a group that took no part in the match.
        var groups: [Substring?]
    }

    func matches(in text: String) -> [Match] {
        expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { result in
            guard let range = Range(result.range, in: text) else { return nil }
            let groups = (1..<max(1, result.numberOfRanges)).map { index in
                Range(result.range(at: index), in: text).map { text[$0] }
            }
            return Match(range: range, groups: groups)
        }
    }

    /// `text` with every match replaced by `template` (no group references are used by the callers).
    func replacingMatches(in text: String, with template: String) -> String {
        expression.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text),
            withTemplate: NSRegularExpression.escapedTemplate(for: template))
    }

    func isFound(in text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
