import FlakeCheckModel
import FlakeCheckReporting
import FlakeCheckSupport
import Foundation

/// `run --replay REPORT.json --run K`: the tests that failed, crashed or timed out in run K of a saved
/// report (with the other test of each pair apart that held one of them, and, for a Swift Testing test
/// that failed beside others in one process, those others), and the `--perturb` conditions
/// that run had, so they can be run again under exactly those conditions (and that hashing) as often as it
/// takes to catch the failure in a debugger.
package struct ReplayRequest: Equatable {
    package var testIDs: [String]
    package var conditions: PerturbationConditions?
    package var packagePath: String?

    package static func load(_ path: String, shownPath: String, run: Int) throws -> ReplayRequest {
        let report = try JSONReportFormat.load(path, shownPath: shownPath)
        let index = run - 1
        guard report.runs.contains(where: { $0.index == index }) else {
            let last = report.runs.map(\.index).max().map { $0 + 1 } ?? 0
            throw FlakeCheckError.usage("'\(shownPath)' has no run \(run) (its runs are 1 to \(last)).")
        }
        let failing = report.tests.filter { $0.failingRuns.contains(index) }
        guard !failing.isEmpty else {
            throw FlakeCheckError.usage(
                "no test failed, crashed or timed out in run \(run) of '\(shownPath)'; "
                    + "pick a run whose history has F, C or T (the HTML report's run strips show them).")
        }
        let strategies = Set(failing.map(\.strategy))
        let record = report.runs.first { $0.index == index && strategies.contains($0.strategy) }
        // A pair apart is replayed as a pair: its partner was the other half of the process.
        var ids = Set(failing.map(\.id))
        let pairs = record?.perturbation?.pairsApart ?? []
        for pair in pairs where !ids.isDisjoint(with: pair) { ids.formUnion(pair) }
        // Swift Testing ran the rest of the run's tests of that library in the failed test's process, in
        // parallel with it: a race between them needs them there again. (XCTest runs one test at a time, so
        // its failed tests replay alone.)
        let paired = Set(pairs.joined())
        if failing.contains(where: { $0.framework == .swiftTesting && !paired.contains($0.id) }) {
            ids.formUnion(
                report.tests.filter { test in
                    let outcome = test.history.dropFirst(index).first.flatMap(TestOutcome.init(symbol:))
                    return test.framework == .swiftTesting && strategies.contains(test.strategy)
                        && !paired.contains(test.id) && outcome != nil && outcome != .notRun
                }.map(\.id))
        }
        return ReplayRequest(
            testIDs: ids.sorted(), conditions: record?.perturbation,
            packagePath: report.configuration.packagePath)
    }
}
