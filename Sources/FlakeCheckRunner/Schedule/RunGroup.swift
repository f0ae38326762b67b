
/// A named selection of tests run together: the whole selection for `run`, one strategy for `compare`.
public struct RunGroup: Sendable, Equatable {
    public var strategy: String?
    public var filters: [String]
    public var skips: [String]

    public init(strategy: String?, filters: [String], skips: [String]) {
        self.strategy = strategy
        self.filters = filters
        self.skips = skips
    }
}
