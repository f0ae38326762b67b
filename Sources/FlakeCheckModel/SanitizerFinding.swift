/// A ThreadSanitizer report deduplicated across runs: the same race (kind, summary and the functions at
/// the top of both stacks) reported in several runs is one finding, with the runs it appeared in and
/// every test it was attributed to.
public struct SanitizerFinding: Equatable, Codable, Sendable {
    /// The first report of it, as written.
    public var report: SanitizerReport
    /// 1-based, as logs number runs.
    public var runs: [Int]
    public var tests: [String]
    /// With no test on its stacks: which tests bring it back when their run's tests are re-run under the
    /// sanitizer in smaller sets (`SanitizerSearcher`); nil when there was no search.
    public var search: SanitizerSearch? = nil

    /// The tests the finding is known to belong to: those on its stacks, else those the search found.
    package var blamedTests: [String] { tests.isEmpty ? search?.tests ?? [] : tests }

    package init(report: SanitizerReport, runs: [Int], tests: [String], search: SanitizerSearch? = nil) {
        self.report = report
        self.runs = runs
        self.tests = tests
        self.search = search
    }
}
