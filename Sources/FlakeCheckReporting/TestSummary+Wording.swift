import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport

/// The sentences a test's numbers and typed values are worded into, for every report format: computed
/// when a report is rendered, never stored (report.json keeps the values they come from).
extension TestSummary {
    /// `--until-proven` and `--rerun-failures`: why the test needed no more runs.
    package var stopReason: String? { stopDecision?.sentence }

    /// What the runs show a deterministic hint's gate does not cover (`HintContradiction`).
    package var hintFinding: String? { HintContradiction(self)?.sentence }

    /// `--perturb`: the one condition every failure had, when one stands out.
    var failsOnlyUnder: String? { conditionRates.flatMap(ConditionRates.finding)?.sentence }

    /// What to do about a flaky test whose hint names a fragile wait.
    package var suggestion: String? {
        guard verdict == .flaky, let hint = hint.flatMap(SynchronisationHint.init(rawValue:)) else { return nil }
        return hint.suggestion
    }
}

extension SynchronisationHint {
    /// What to do about a flaky test with this hint; nil when the hint suggests nothing better.
    package var suggestion: String? {
        switch self {
        case .yieldGated:
            "Task.yield() only lets other tasks run, it does not wait for them: gate the test on a continuation "
                + "the fake resumes (or an injected clock the test advances) instead."
        case .sleepGated:
            "A sleep guesses how long the other work takes: wait on a continuation or advance an injected clock "
                + "instead."
        case .unstructuredTask:
            "An unstructured Task {} runs whenever the scheduler gets to it: await its value, or record "
                + "synchronously (for example behind a Mutex), or gate the test on a continuation."
        case .continuationGated, .clockGated, .taskLocalScoped, .unknown, .none:
            nil
        }
    }
}

extension ConditionRates.Finding {
    /// "fails only with cpus 1 (6 of 6 failures, in 6 of 12 runs; 3.1% by chance)"
    package var sentence: String {
        "fails only \(PerturbationConditions.isPairLabel(condition) ? "when" : "with") \(condition) "
            + "(\(failures) of \(Formatting.count(failures, "failure")), in \(runsWithCondition) of "
            + "\(Formatting.count(runs, "run")); \(chance < 0.001 ? "under 0.1%" : Formatting.percent(chance)) by "
            + "chance)"
    }
}

extension HintContradiction {
    /// "continuation-gated, yet flaky: the check at CartTests.swift:37 runs before the gate at
    /// CartTests.swift:41 is awaited (failed 7 of 100 runs)". Only what was read and measured.
    package var sentence: String {
        let measured =
            verdict == .failing
            ? (countedRuns == 1 ? "failed its one run" : "failed all \(countedRuns) runs")
            : "failed \(failedRuns) of \(Formatting.count(countedRuns, "run"))"
        let label = "\(hint.rawValue), yet \(verdict.rawValue)"
        if failureBeforeGate, let failure = firstFailure, let gate {
            return "\(label): the check at \(failure) runs before the gate at \(gate.location) is awaited (\(measured))"
        }
        let found =
            gate.map { "\(gateName) is reached at \($0.location)" }
            ?? "\(gateName) is reached only inside code the test calls"
        let failure = firstFailure.map { ", first at \($0)" } ?? ""
        return "\(label): \(found), but the test \(measured)\(failure); what fails is not behind that gate"
    }

    private var gateName: String {
        switch hint {
        case .clockGated: "a clock's advance"
        case .taskLocalScoped: "a task-local scope"
        default:
            gate?.kind == .signalWait
                ? "a wait for other work (task group, expectation, async let or task value)" : "a continuation"
        }
    }
}
