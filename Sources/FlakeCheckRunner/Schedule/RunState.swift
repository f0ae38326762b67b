import FlakeCheckAnalysis
import FlakeCheckModel
import FlakeCheckSupport

/// What one run has gathered so far, across the processes it needed: the first for the whole selection,
/// then re-runs of tests a crash left unstarted and of suspects run alone. At the end it guarantees the
/// run's one invariant: every selected test has exactly one outcome, and only a seen pass is a pass.
package struct RunState {
    package var processes: [RunRecord.ProcessRecord] = []
    package var declarations: [TestDeclaration] = []
    package var results: [String: TestResult] = [:]
    package var incidents: [RunIncident] = []
    package var suspicions: [Suspicion] = []
    /// `--sanitize thread`: ThreadSanitizer's reports from the run's processes, kept apart from results.
    package var sanitizerReports: [SanitizerReport] = []
    /// Whether any of the run's processes was read from its console alone (`PerturbationConditions.consoleOnly`).
    var hadConsoleOnlyProcess = false

    package init(processes: [RunRecord.ProcessRecord] = [], declarations: [TestDeclaration] = []) {
        self.processes = processes
        self.declarations = declarations
    }

    /// A crash or timeout with several tests in flight (or after several reported), and what each suspect
    /// did when run apart from the rest: alone, or in a smaller group that ended well. A suspicion found
    /// while a group of an earlier one ran is that one's child (`parent`): what its processes show counts
    /// for every ancestor, and only a suspicion without a parent makes the run's incident.
    package struct Suspicion {
        package var suspects: InvocationAnalysis.Suspects
        package var aloneOutcomes: [String: TestOutcome] = [:]
        package var parent: Int?

        package init(
            suspects: InvocationAnalysis.Suspects, aloneOutcomes: [String: TestOutcome] = [:], parent: Int? = nil
        ) {
            self.suspects = suspects
            self.aloneOutcomes = aloneOutcomes
            self.parent = parent
        }
    }

    /// Records what `id` did in a process run for suspicion `number`, for it and every ancestor.
    package mutating func recordApart(_ outcome: TestOutcome, of id: String, for number: Int) {
        var current: Int? = number
        while let index = current {
            suspicions[index].aloneOutcomes[id] = outcome
            current = suspicions[index].parent
        }
    }

    /// Blames the suspects that crashed or hung again alone. When none did, the crash still happened in
    /// this run and cannot be pinned on one test: every suspect counts as crashed (or timed out) here,
    /// so a crash never vanishes because it does not reproduce in isolation.
    package mutating func settleSuspicions(interrupted: Bool) {
        for suspicion in suspicions where suspicion.parent == nil {
            let candidates = suspicion.suspects.candidates
            let blame = suspicion.suspects.blame
            let kind: RunIncident.Kind = blame.outcome == .timedOut ? .timeout : .crash
            let failure = blame.failures.first?.message ?? kind.rawValue
            let cause =
                suspicion.suspects.afterResults
                ? RunIncident.Cause.endedAfterResults(failure: failure, reported: candidates.count)
                : .crashedWhileRunning(failure: failure, running: candidates.count)
            let blamed = candidates.filter { [.crashed, .timedOut].contains(suspicion.aloneOutcomes[$0]) }
            let reran = candidates.allSatisfy { suspicion.aloneOutcomes[$0] != nil }
            if !blamed.isEmpty {
                incidents.append(RunIncident(kind: kind, candidates: candidates, blamed: blamed, cause: cause))
                continue
            }
            guard reran || !interrupted else { continue }
            // Each candidate's failure says why it counts as crashed: a crash nobody is blamed for is everyone's.
            let what = kind == .crash ? "crashed" : "timed out"
            let together =
                suspicion.suspects.afterResults
                ? "after \(Formatting.count(candidates.count, "test")) had reported their results; none did so again"
                : "with \(Formatting.count(candidates.count, "test")) running in parallel; none "
                    + "\(kind == .crash ? "crashed" : "hung")"
            let message =
                "\(failure), \(together) when re-run alone, so each of them counts as \(what) in this run "
                + "(candidates: \(Self.list(candidates)))"
            for id in candidates {
                results[id] = TestResult(outcome: blame.outcome, failures: [FailureRecord(message: message)])
            }
            incidents.append(RunIncident(kind: kind, candidates: candidates, blamed: [], cause: cause))
        }
    }

    /// Gives every selected test that still has no result `notRun`. Outside an interrupted run that means
    /// flakecheck lost a result (it gave up re-running), which is an incident, never a silent gap.
    mutating func accountForEveryTest(_ ids: [String], interrupted: Bool) {
        let missing = ids.filter { results[$0] == nil }
        for id in missing { results[id] = TestResult(outcome: .notRun) }
        guard !missing.isEmpty, !interrupted else { return }
        incidents.append(
            RunIncident(
                kind: .lostResults, candidates: missing,
                cause: .unreportedAfterRetries(missing: missing.count)))
    }

    package static func list(_ ids: [String]) -> String {
        ids.count <= 8
            ? ids.joined(separator: ", ") : ids.prefix(8).joined(separator: ", ") + " and \(ids.count - 8) more"
    }
}
