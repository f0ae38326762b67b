
/// A named selection of tests run together: the whole selection for `run`, one strategy for `compare`.
package struct RunGroup: Sendable, Equatable {
    package var strategy: String?
    package var filters: [String]
    package var skips: [String]

    package init(strategy: String?, filters: [String], skips: [String]) {
        self.strategy = strategy
        self.filters = filters
        self.skips = skips
    }
}
