/// `run --replay REPORT --run K`: every run had run K's conditions. The report records where they came
/// from, not their seed: that seed is run K's own, and `--perturb-seed` with it would draw other ones.
public struct ReplayedRun: Equatable, Codable, Sendable {
    /// As the user gave it.
    public var report: String
    /// 1-based.
    public var run: Int

    package init(report: String, run: Int) {
        self.report = report
        self.run = run
    }
}
