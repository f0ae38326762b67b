import FlakeCheckModel

extension RuntimeEvidence {
    /// A hint the failed evidence runs agree on, and how many showed it.
    package struct Observation: Equatable, Sendable {
        package var hint: SynchronisationHint
        package var failedRuns: Int

        package init(hint: SynchronisationHint, failedRuns: Int) {
            self.hint = hint
            self.failedRuns = failedRuns
        }
    }

    /// Read from the failed runs, whose waits end at the first failed check (a passed run keeps none): in
    /// every one, the test's own task waited only on yields, only on sleeps, or only on other tasks (a
    /// continuation they resumed, a stream element, the end of a task it awaited). A mixed list decides
    /// nothing (yields while a clock is advanced, a yield before a wait for a task), nor do wakes from
    /// outside Swift's jobs (a callback's continuation: whether the callback came after the work the check
    /// reads, the runtime does not show), nor a run without waits: the recorder sees no semaphore, lock or
    /// expectation wait.
    package var observation: Observation? {
        let failed = runs.filter { $0.outcome.isFailure }
        let hints = failed.map { run in run.waits.flatMap(Self.hint(ofOnly:)) }
        guard let first = hints.first ?? nil, hints.allSatisfy({ $0 == first }) else { return nil }
        return Observation(hint: first, failedRuns: failed.count)
    }

    /// The hint a run's waits name when they are all of one kind.
    private static func hint(ofOnly waits: [Wait]) -> SynchronisationHint? {
        let kinds = Set(
            waits.map { wait -> SynchronisationHint? in
                switch wait {
                case .yield: .yieldGated
                case .sleep: .sleepGated
                case .resumedByTask, .taskEnded: .continuationGated
                case .resumedOutside: nil
                }
            })
        guard kinds.count == 1, let only = kinds.first else { return nil }
        return only
    }
}
