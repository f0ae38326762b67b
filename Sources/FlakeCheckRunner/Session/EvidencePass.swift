import FlakeCheckModel
import Foundation

/// The short evidence pass (`--evidence`, and always in `demo`): each flaky or failing test, and each whose
/// hint names a fragile wait or is `unknown` (every selected test with `--evidence-all`), runs alone a few
/// more times with the runtime recorder preloaded (`FLAKECHECK_EVIDENCE_FILE`), which writes at exit
/// what the process did: yields, sleeps, unstructured tasks the package's code started, main-actor jobs,
/// and what the test's own task waited on, in order (`Waits.c`).
/// These runs are apart from the measured ones and change none of their numbers; the recorder adds a few
/// function calls per job, so it is kept off the measurement anyway.
package struct EvidencePass {
    var executor: RunExecutor
    package var hookLibrary: String
    package var scratch: String
    package var runs: Int
    package var cancellation: CancellationFlag

    /// How many runs each test gets: enough to see a count that varies, few enough to stay short.
    package static let defaultRuns = 3

    /// The recorder's file, as `Evidence.c` writes it.
    struct Recorded: Decodable {
        var yields: Int
        var sleepNanoseconds: [UInt64]
        var unstructuredTasks: Int
        var mainActorJobs: Int
        var snapshotTaken: Bool?
        var tasksStillRunning: Int?
        /// `RuntimeEvidence.Wait` names; one this version does not know is left out.
        var waits: [String]?
    }

    /// Per test ID, the evidence of its runs; a run whose process wrote nothing (it crashed) is left out.
    package func record(_ tests: [TestIdentity]) -> [String: RuntimeEvidence] {
        var evidence: [String: RuntimeEvidence] = [:]
        for test in tests {
            var recorded: [RuntimeEvidence.Run] = []
            for number in 0..<runs where !cancellation.isCancelled {
                let file = "\(scratch)/evidence-\(number).json"
                try? FileManager.default.removeItem(atPath: file)
                var pass = executor
                pass.workers = 1
                pass.addedEnvironment = ["LD_PRELOAD": hookLibrary, "FLAKECHECK_EVIDENCE_FILE": file]
                let output = pass.execute(runIndex: number, tests: [test], strategy: "evidence", worker: 0)
                guard let data = FileManager.default.contents(atPath: file),
                    let run = try? JSONDecoder().decode(Recorded.self, from: data)
                else { continue }
                recorded.append(
                    RuntimeEvidence.Run(
                        yields: run.yields, sleeps: run.sleepNanoseconds.map { Double($0) / 1e9 },
                        unstructuredTasks: run.unstructuredTasks, mainActorJobs: run.mainActorJobs,
                        tasksStillRunning: run.snapshotTaken == true ? run.tasksStillRunning : nil,
                        waits: run.waits.map { $0.compactMap(RuntimeEvidence.Wait.init(rawValue:)) },
                        outcome: output.results[test.id]?.outcome ?? .notRun))
            }
            if !recorded.isEmpty { evidence[test.id] = RuntimeEvidence(runs: recorded) }
        }
        return evidence
    }

    package init(executor: RunExecutor, hookLibrary: String, scratch: String, runs: Int, cancellation: CancellationFlag)
    {
        self.executor = executor
        self.hookLibrary = hookLibrary
        self.scratch = scratch
        self.runs = runs
        self.cancellation = cancellation
    }
}
