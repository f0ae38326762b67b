/// A test (or a suite) within its strategy: two strategies of `--compare` can hold tests of one ID, so a
/// table of tests across strategies is keyed by both.
package struct StrategyKey: Hashable, Comparable, Sendable {
    package var strategy: String?
    /// The test's ID, or the suite's name.
    package var name: String

    package init(_ strategy: String?, _ name: String) {
        self.strategy = strategy
        self.name = name
    }

    /// By strategy (none first), then name.
    package static func < (lhs: StrategyKey, rhs: StrategyKey) -> Bool {
        (lhs.strategy ?? "", lhs.name) < (rhs.strategy ?? "", rhs.name)
    }
}
