/// A ThreadSanitizer report deduplicated across runs: the same race (kind, summary and the functions at
/// the top of both stacks) reported in several runs is one finding, with the runs it appeared in and
/// every test it was attributed to.
public struct SanitizerFinding: Equatable, Codable, Sendable {
    /// The first report of it, as written.
    public var report: SanitizerReport
    /// 1-based, as logs number runs.
    public var runs: [Int]
    public var tests: [String]
}
