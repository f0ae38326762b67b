import FlakeCheckAnalysis
import FlakeCheckModel
import Foundation

/// Finds the tests behind a ThreadSanitizer finding whose stacks name none, as a crash's suspects are
/// found: re-runs the tests of the run it appeared in, under the sanitizer, in smaller and smaller sets
/// until the report comes back from the fewest. A race needs one test (two tasks of its own) or two
/// (each doing half), so the search halves the set while one half brings the report back; when only both
/// halves together do, it narrows each half with the other one present (delta debugging, Zeller 2002).
/// The set it ends with is then tried one test at a time, so a pair is named only when neither test
/// alone brings the report back, and a test that joined the set by a try that missed is dropped again.
///
/// A report comes back in most runs of a race the sanitizer sees (its check follows happens-before, not
/// timing), but not all: each set gets `triesPerSet` runs before it counts as clean, and the whole search
/// at most `maximumRuns`. Bystanders are never named: a name needs the report back from a set that holds
/// it and not from the same set without it.
final class SanitizerSearcher {
    private let executor: RunExecutor
    private let cancellation: CancellationFlag
    private let packagePath: String?
    private let triesPerSet: Int
    private let maximumRuns: Int
    private var target = ""
    private(set) var runs = 0
    /// Sets that brought the report back, so the end result need not be tried again.
    private var reproduced: Set<[String]> = []

    static let defaultTriesPerSet = 4
    static let defaultMaximumRuns = 120

    init(
        executor: RunExecutor, cancellation: CancellationFlag, packagePath: String?,
        triesPerSet: Int = defaultTriesPerSet, maximumRuns: Int = defaultMaximumRuns
    ) {
        self.executor = executor
        self.cancellation = cancellation
        self.packagePath = packagePath
        self.triesPerSet = triesPerSet
        self.maximumRuns = maximumRuns
    }

    /// The search for `finding` among `candidates` (the tests of its first run).
    func search(_ finding: SanitizerFinding, among candidates: [TestIdentity]) -> SanitizerSearch {
        target = SanitizerAttribution.key(of: finding.report)
        runs = 0
        reproduced = []
        let run = finding.runs.first ?? 0
        var found = minimize(candidates, fixed: [])
        // One test at a time: drop any the report comes back without.
        if found.count > 1 {
            for test in found where found.count > 1 && bringsBack(found.filter { $0.id != test.id }) {
                found.removeAll { $0.id == test.id }
            }
        }
        let confirmed = !found.isEmpty && (reproduced.contains(found.map(\.id).sorted()) || bringsBack(found))
        return SanitizerSearch(
            tests: confirmed ? found.map(\.id).sorted() : [], run: run, candidates: candidates.count, runs: runs)
    }

    /// The fewest of `set` that, with `fixed`, bring the report back; empty when not even all of them do.
    private func minimize(_ set: [TestIdentity], fixed: [TestIdentity]) -> [TestIdentity] {
        // One left: the caller saw it (with `fixed`) bring the report back.
        guard set.count > 1 else { return set }
        let half = set.count / 2
        let (first, second) = (Array(set[..<half]), Array(set[half...]))
        if bringsBack(first + fixed) { return minimize(first, fixed: fixed) }
        if bringsBack(second + fixed) { return minimize(second, fixed: fixed) }
        guard runs < maximumRuns, !cancellation.isCancelled else { return [] }
        // Only both halves together: a test of each.
        let fromFirst = minimize(first, fixed: fixed + second)
        guard !fromFirst.isEmpty else { return [] }
        let fromSecond = minimize(second, fixed: fixed + fromFirst)
        return fromSecond.isEmpty ? [] : fromFirst + fromSecond
    }

    /// Whether running `tests` (one process per run, as a run would) brings the report back within
    /// `triesPerSet` runs.
    private func bringsBack(_ tests: [TestIdentity]) -> Bool {
        let key = tests.map(\.id).sorted()
        if reproduced.contains(key) { return true }
        for _ in 0..<triesPerSet where runs < maximumRuns && !cancellation.isCancelled {
            runs += 1
            let output = executor.execute(runIndex: runs - 1, tests: tests, strategy: "sanitizer-search")
            let keys = output.sanitizerReports.map { report -> String in
                var report = report
                if let packagePath {
                    report.summary = report.summary.replacingOccurrences(of: packagePath + "/", with: "")
                }
                return SanitizerAttribution.key(of: report)
            }
            if keys.contains(target) {
                reproduced.insert(key)
                return true
            }
        }
        return false
    }
}
