import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// `--sanitize thread`: the findings, and for those whose stacks name no selected test, the search for
/// the tests behind them.
extension SessionRunner {
    /// One finding per race across the runs; each finding with no test on its stacks is searched for
    /// (`SanitizerSearcher`) among the tests of the run it first appeared in, unless the session was
    /// interrupted or spent its `--budget`.
    package func sanitizerFindings(
        _ measured: MeasuredRuns, facts: [TestFacts], executor: RunExecutor, catalog: TestCatalog,
        folder: SessionPaths
    ) -> [SanitizerFinding]? {
        guard plan.run.sanitizer != nil else { return nil }
        var findings = SanitizerAttribution.findings(measured.collector.sanitizerReports, packagePath: plan.packagePath)
        guard plan.schedule.budget == nil else { return findings }
        for index in findings.indices where findings[index].tests.isEmpty && !context.cancellation.isCancelled {
            let run = (findings[index].runs.first ?? 1) - 1
            let ids = Set(
                facts.filter { fact in run < fact.tally.history.count && fact.tally.history[run].isCounted }.map(\.id))
            let candidates = ids.sorted().compactMap { catalog[$0] }
            guard !candidates.isEmpty else { continue }
            status(
                "ThreadSanitizer reported a race whose stacks name no test (\(findings[index].report.summary)); "
                    + "re-running run \(run + 1)'s \(Formatting.count(candidates.count, "test")) under it, in smaller "
                    + "sets, "
                    + "to find which…")
            var searching = executor
            searching.perturbation = nil
            if let logs = try? folder.outputSubfolder("logs/sanitizer-search") {
                searching.logDirectory = logs
                searching.logDirectoryName = "logs/sanitizer-search"
            }
            findings[index].search = SanitizerSearcher(
                executor: searching, cancellation: context.cancellation,
                packagePath: plan.packagePath
            ).search(findings[index], among: candidates)
        }
        return findings
    }
}
