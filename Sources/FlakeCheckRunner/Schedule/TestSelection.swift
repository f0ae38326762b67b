import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// Resolves `--filter` and `--skip` to canonical test IDs, with the meaning `swift test` gives them:
/// each is a regular expression searched (not anchored) in the ID; a test is selected when it matches
/// any filter (or there are none) and no skip. One exception keeps IDs round-tripping: a pattern that is
/// exactly a test's ID (pasted from `list` or a report) means that test, even when the ID holds `(`, `)`,
/// `[` or `+` (`Module.Suite/isSmall(_:)`, raw identifiers), which as a regular expression match nothing.
package struct TestSelection: Sendable {
    package var filters: [String]
    package var skips: [String]

    package init(filters: [String], skips: [String]) {
        self.filters = filters
        self.skips = skips
    }

    package func select(from catalog: TestCatalog) throws -> [TestIdentity] {
        let filterPatterns = try filters.map { try Pattern($0, catalog: catalog) }
        let skipPatterns = try skips.map { try Pattern($0, catalog: catalog) }
        let selected = catalog.tests.filter { test in
            let included = filterPatterns.isEmpty || filterPatterns.contains { $0.matches(test.id) }
            return included && !skipPatterns.contains { $0.matches(test.id) }
        }
        guard !selected.isEmpty else {
            throw FlakeCheckError.noTestsMatched(
                filters: filters, skips: skips, available: catalog.tests.count,
                literalHint: Self.literalHint(filters, catalog: catalog))
        }
        return selected
    }

    /// A test's exact ID, or a regular expression.
    enum Pattern {
        case id(String)
        case expression(NSRegularExpression)

        init(_ pattern: String, catalog: TestCatalog) throws {
            if catalog[pattern] != nil {
                self = .id(pattern)
            } else if catalog[TestCatalog.droppingSourceLocation(pattern)] != nil {
                self = .id(TestCatalog.droppingSourceLocation(pattern))
            } else {
                self = .expression(try TestSelection.compile(pattern))
            }
        }

        func matches(_ id: String) -> Bool {
            switch self {
            case .id(let exact): id == exact
            case .expression(let expression): TestSelection.matches(expression, id)
            }
        }
    }

    /// When a filter matched nothing as a regular expression but is part of some IDs as plain text, the
    /// user pasted part of an ID with characters that are special in a regular expression: say so.
    package static func literalHint(_ filters: [String], catalog: TestCatalog) -> String? {
        for filter in filters {
            let containing = catalog.tests.filter { $0.id.contains(filter) }
            guard let first = containing.first else { continue }
            return
                "'\(filter)' appears as plain text in \(Formatting.count(containing.count, "ID")) (such as "
                + "'\(first.id)'), "
                + "but as a regular expression it matches none: paste a whole ID, or escape the special characters "
                + "(--filter '\(NSRegularExpression.escapedPattern(for: filter))')."
        }
        return nil
    }

    package static func compile(_ pattern: String) throws -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            throw FlakeCheckError.usage("'\(pattern)' is not a valid regular expression.")
        }
    }

    package static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// A regular expression that matches exactly the given IDs, for passing the selection back to a test
    /// library as a single `--filter`. Each ID may be followed by `/` and more (Swift Testing appends the
    /// source location to function IDs) but nothing else, so `test` never also selects `testMore`.
    package static func exactExpression(for ids: [String]) -> String {
        let alternatives = ids.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        return "^(?:\(alternatives))(?:/|$)"
    }
}
