import FlakeCheckModel
import FlakeCheckParsing

/// What the end of a framework's run decides in a saved log: the tests still running (crashed, or lost
/// after the summary), the catalog's tests the run never reached, and same-name groups whose ends the log
/// cannot tell apart.
extension SavedLogAnalysis {
    /// Every test of `framework` still running did not finish: crashed, or lost after the summary. Returns
    /// whether any was.
    @discardableResult
    mutating func settleRunning(of framework: TestFramework, emit: (Result) -> Void) -> Bool {
        // Scalars, not a copy of the state: a copy alive while `running` changes would copy its lists.
        let library = Self.slot(framework)
        let printedSummary = states[library].printedSummary
        let crashLine = states[library].crashLine
        // Same-name groups whose tests all ended were waiting for tests of the name that never started.
        for name in states[library].running.listed where names[name].group != nil {
            settleGroupIfEnded(name, runEnded: true, emit: emit)
        }
        let wasRunning = !states[library].running.isEmpty
        let listed = states[library].running.removeAll()
        guard wasRunning else { return false }
        // The crash line belongs to the tests settled now, not to a later crash in the same run.
        states[library].crashLine = nil
        // Every test in flight, its group's issues (whose ends they were is unknown) with its first entry.
        var inFlight: [(name: Int, entry: Running)] = []
        for name in listed where !names[name].running.isEmpty {
            let groupIssues = names[name].group?.issues ?? []
            for (position, var entry) in names[name].running.queued.enumerated() {
                if position == 0 { entry.failures += groupIssues }
                inFlight.append((name, entry))
            }
            names[name].running.removeAll()
            names[name].group = nil
        }
        // The rule `run` follows too (`InFlightSettlement`); a log cannot re-run the suspects, so none of
        // them gets an outcome and one incident names them all.
        let how = "the log shows no end for this test: its process crashed or was killed while it ran"
        let settlement = InFlightSettlement.settle(running: inFlight.count, endedNormally: printedSummary)
        if settlement == .lost || settlement == .suspects {
            for (name, entry) in inFlight {
                emitResult(
                    name, iteration: entry.iteration, occurrence: entry.occurrence,
                    TestResult(outcome: .notRun, failures: entry.failures), emit: emit)
            }
        }
        if settlement == .blame {
            let (name, entry) = inFlight[0]
            emitResult(
                name, iteration: entry.iteration, occurrence: entry.occurrence,
                TestResult(
                    outcome: .crashed,
                    failures: entry.failures
                        + [FailureRecord(message: crashLine.map { "\(how): \($0)" } ?? how)]), emit: emit)
        } else if settlement == .suspects {
            let suspects = inFlight.map { identity($0.name, occurrence: $0.entry.occurrence).id }
            incidents.append(
                (
                    inFlight.last?.entry.iteration ?? states[library].iteration,
                    RunIncident(
                        kind: .crash, candidates: suspects,
                        cause: .diedWhileRunning(crashLine: crashLine, running: suspects.count))
                ))
        }
        return true
    }

    /// SwiftPM said the library's process died while none of its tests was running: one of the tests that
    /// had reported took it down after its result (a class `tearDown`, an exit handler). The rule `run`
    /// follows (`InvocationAnalysis`): one of them alone is crashed after its result; several are
    /// suspects that a log cannot re-run, so their results stand and an incident names them, which
    /// fails the gate.
    mutating func settleDeathAfterResults(of framework: TestFramework, emit: (Result) -> Void) {
        let library = Self.slot(framework)
        guard states[library].died, !states[library].reportedInOrder.isEmpty else { return }
        var seen: Set<String> = []
        let reported = states[library].reportedInOrder.filter {
            seen.insert(identity($0.name, occurrence: $0.occurrence).id).inserted
        }
        let words =
            states[library].crashLineAfterResults.map { "the process crashed (\($0))" }
            ?? "the process crashed or was killed"
        let failure = words + " after reporting its result"
        if reported.count == 1 {
            emitResult(
                reported[0].name, iteration: states[library].iteration, occurrence: reported[0].occurrence,
                TestResult(outcome: .crashed, failures: [FailureRecord(message: failure)]), emit: emit)
            return
        }
        let suspects = reported.map { identity($0.name, occurrence: $0.occurrence).id }
        incidents.append(
            (
                states[library].iteration,
                RunIncident(
                    kind: .crash, candidates: suspects,
                    cause: .endedAfterResults(failure: words, reported: suspects.count))
            ))
    }

    /// A run that died (no end-of-run summary) never reached some of the catalog's tests: each is not run
    /// in that iteration, and an incident says so, since the log cannot tell whether they were selected.
    mutating func reportUnreached(of framework: TestFramework, emit: (Result) -> Void) {
        let state = states[Self.slot(framework)]
        guard let catalog, state.hasTests, !state.printedSummary else { return }
        let missing = catalog.tests.filter { $0.framework == framework && !state.reported.contains($0.id) }
        guard !missing.isEmpty else { return }
        for identity in missing {
            emit(
                Result(
                    identity: identity, test: testNumber(of: identity.id), iteration: state.iteration,
                    result: TestResult(outcome: .notRun)))
        }
        incidents.append(
            (
                state.iteration,
                RunIncident(
                    kind: .lostResults, candidates: missing.map(\.id),
                    cause: .logEndedEarly(framework: framework, missing: missing.count))
            ))
    }

    /// How many of the catalog's tests print as `name` (0 without a catalog).
    func testsSharing(_ name: Int) -> Int {
        let reference = names[name].reference
        return candidates.byPrintedName[reference.framework]?[reference.name]?.count ?? 0
    }

    /// Every member of a same-name group ended: each gets the result the evidence gives it, or, where the
    /// log cannot tell, none (not run) and an incident that says so. A group of a name the catalog holds
    /// several tests of waits for all of them (`runEnded`: for those that started, when the run ends).
    mutating func settleGroupIfEnded(_ name: Int, runEnded: Bool = false, emit: (Result) -> Void) {
        guard var group = names[name].group, group.ends.count >= names[name].running.queued.count,
            runEnded || names[name].running.queued.count >= testsSharing(name)
        else { return }
        let entries = Array(names[name].running.queued)
        group.members = entries.map {
            SameNameGroup.Member(
                occurrence: $0.occurrence, identity: identity(name, occurrence: $0.occurrence),
                failures: $0.failures, skipReason: $0.skipReason)
        }
        names[name].running.removeAll()
        names[name].group = nil
        states[Self.slot(names[name].reference.framework)].running.ended(name)
        if let results = group.resolve() {
            for (entry, result) in zip(entries, results) {
                emitResult(name, iteration: entry.iteration, occurrence: entry.occurrence, result, emit: emit)
            }
            return
        }
        let ids = group.members.map(\.identity.id)
        let message =
            "ambiguous: \(ids.count) tests print as `\(names[name].reference.name)` and ran at the same time; "
            + "their ends (\(group.ends.map(\.status.rawValue).joined(separator: ", "))) cannot be told apart from "
            + "the log, "
            + "so none counts (flakecheck run reads the event stream, which can)"
        for entry in entries {
            emitResult(
                name, iteration: entry.iteration, occurrence: entry.occurrence,
                TestResult(outcome: .notRun, failures: [FailureRecord(message: message)]), emit: emit)
        }
        incidents.append(
            (
                entries[0].iteration,
                RunIncident(
                    kind: .ambiguousResults, candidates: ids,
                    cause: .indistinguishable(
                        printedName: names[name].reference.name, ends: group.ends.map { TestOutcome($0.status) }))
            ))
    }

    /// The framework's run is over: its unfinished tests get their outcome, and the next run begins.
    mutating func endRun(of framework: TestFramework, emit: (Result) -> Void) {
        // Only at the run's end: SwiftPM's line that the process died can come anywhere in the log.
        if !settleRunning(of: framework, emit: emit) { settleDeathAfterResults(of: framework, emit: emit) }
        reportUnreached(of: framework, emit: emit)
        let state = states[Self.slot(framework)]
        let next = state.hasTests ? max(state.iteration, state.highestIteration) + 1 : state.iteration
        states[Self.slot(framework)] = FrameworkState(
            iteration: next, sawRunStart: state.sawRunStart, highestIteration: next,
            startsPrinted: state.startsPrinted)
    }
}
