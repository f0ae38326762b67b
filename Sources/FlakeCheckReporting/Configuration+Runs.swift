import FlakeCheckModel
import FlakeCheckSupport

extension FlakeReport.Configuration {
    /// The runs of each test, as a report's header says them: "100 runs", "up to 1000 runs" when each test
    /// stopped on its own, "runs within a 1:00 budget" under `--budget` (whose run cap is a bound nobody
    /// plans), "25 runs (shard 2/4 of 100)" in a shard's report. Without the noun (`noun` false) for a
    /// table whose row already says "Runs".
    package func runsPhrase(noun: Bool = true) -> String {
        func count(_ number: Int) -> String { noun ? Formatting.count(number, "run") : "\(number)" }
        if let budgetSeconds {
            let whole = Int(budgetSeconds.rounded())
            let budget = String(format: "%d:%02d", whole / 60, whole % 60)
            return noun ? "runs within a \(budget) budget" : "within a \(budget) budget (--budget)"
        }
        if let maxRuns { return "up to " + count(maxRuns) }
        if let shard, let runsHere { return count(runsHere) + " (shard \(shard.index)/\(shard.count) of \(runs))" }
        return count(runs)
    }
}
