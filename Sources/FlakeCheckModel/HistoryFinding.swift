/// What `flakecheck history` found in one test's past runs beyond its counts: the commits on which it
/// both passed and failed (a test cannot be both right and wrong about the same code: the strongest sign
/// of flakiness), the runs in which a CI rerun passed it after a failure, and when a test that fails now
/// started failing. Numbers and names only; Reporting words them.
public struct HistoryFinding: Codable, Equatable, Sendable {
    /// Up to `listedCommits` commits on which the test passed in one run and failed in another (or in the
    /// same run, before a rerun passed it).
    public var flipCommits: [String]
    /// How many such commits there were.
    public var flipCommitCount: Int
    /// Runs whose JUnit recorded a failed attempt before the test passed (`<flakyFailure>`).
    public var passedAfterRerun: Int
    /// For a test whose latest runs (three or more) all failed after it had passed: the first run of that
    /// streak (1-based), its file, and its commit when known.
    public var failingSinceRun: Int?
    public var failingSinceFile: String?
    public var failingSinceCommit: String?

    package static let listedCommits = 10

    package init(
        flipCommits: [String], flipCommitCount: Int, passedAfterRerun: Int, failingSinceRun: Int? = nil,
        failingSinceFile: String? = nil, failingSinceCommit: String? = nil
    ) {
        self.flipCommits = flipCommits
        self.flipCommitCount = flipCommitCount
        self.passedAfterRerun = passedAfterRerun
        self.failingSinceRun = failingSinceRun
        self.failingSinceFile = failingSinceFile
        self.failingSinceCommit = failingSinceCommit
    }

    package var isEmpty: Bool { flipCommitCount == 0 && passedAfterRerun == 0 && failingSinceRun == nil }
}
