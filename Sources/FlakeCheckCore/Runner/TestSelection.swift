import Foundation

/// Resolves `--filter` and `--skip` to canonical test IDs, with the meaning `swift test` gives them:
/// each is a regular expression searched (not anchored) in the ID; a test is selected when it matches
/// any filter (or there are none) and no skip.
public struct TestSelection: Sendable {
    public var filters: [String]
    public var skips: [String]

    public init(filters: [String], skips: [String]) {
        self.filters = filters
        self.skips = skips
    }

    public func select(from catalog: TestCatalog) throws -> [TestIdentity] {
        let filterExpressions = try filters.map(Self.compile)
        let skipExpressions = try skips.map(Self.compile)
        let selected = catalog.tests.filter { test in
            let included = filterExpressions.isEmpty || filterExpressions.contains { Self.matches($0, test.id) }
            return included && !skipExpressions.contains { Self.matches($0, test.id) }
        }
        guard !selected.isEmpty else {
            throw FlakeCheckError.noTestsMatched(filters: filters, skips: skips, available: catalog.tests.count)
        }
        return selected
    }

    static func compile(_ pattern: String) throws -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            throw FlakeCheckError.usage("'\(pattern)' is not a valid regular expression.")
        }
    }

    static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// A regular expression that matches exactly the given IDs, for passing the selection back to a test
    /// library as a single `--filter`. Each ID may be followed by `/` and more (Swift Testing appends the
    /// source location to function IDs) but nothing else, so `test` never also selects `testMore`.
    public static func exactExpression(for ids: [String]) -> String {
        let alternatives = ids.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        return "^(?:\(alternatives))(?:/|$)"
    }
}
