import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport
import Foundation

/// `--evidence`: the short pass after the runs that records what tests did at run time.
extension SessionRunner {
    /// The evidence pass, where the recorder can be preloaded (Linux, the
    /// test binary started by flakecheck itself); elsewhere it says why there is none.
    func recordEvidence(
        _ tests: inout [TestFacts], catalog: TestCatalog, executor: RunExecutor, scratch: String,
        logDirectory: () throws -> String
    ) {
        // The tests whose hint the runs question (flaky, failing), that name a fragile wait (a rare race may
        // pass every measured run, and its sleep is still worth showing), or whose reading could not tell.
        let questioned = Set(
            [SynchronisationHint.yieldGated, .sleepGated, .unstructuredTask, .unknown].map(\.rawValue))
        let suspects = tests.filter { test in
            plan.schedule.evidenceAll || [.flaky, .failing].contains(test.verdict)
                || questioned.contains(test.hint ?? "")
        }
        let wanted = Array(Set(suspects.map(\.id)))
            .sorted().compactMap { catalog[$0] }
        guard !wanted.isEmpty else { return }
        guard TestPlatform.current == .linux, plan.run.mode == .process || plan.run.mode == .inProcess,
            let hook = PerturbationPlan.locateHookLibrary(environment: context.environment)
        else {
            status(
                "No runtime evidence: the recorder is preloaded only on Linux, into test binaries flakecheck starts "
                    + "itself, from libFlakeCheckSchedulerHook.so next to flakecheck.")
            return
        }
        status(
            "Recording what \(Formatting.count(wanted.count, "test")) did at run time: "
                + "\(Formatting.count(EvidencePass.defaultRuns, "run")) each, alone…")
        var pass = executor
        if let folder = try? logDirectory() {
            pass.logDirectory = folder
            pass.logDirectoryName = "logs/evidence"
        }
        pass.perturbation = nil
        let evidence = EvidencePass(
            executor: pass, hookLibrary: hook, scratch: scratch, runs: EvidencePass.defaultRuns,
            cancellation: context.cancellation
        ).record(wanted)
        for index in tests.indices {
            tests[index].runtimeEvidence = evidence[tests[index].id]
            tests[index].adoptObservedHint()
        }
    }
}
