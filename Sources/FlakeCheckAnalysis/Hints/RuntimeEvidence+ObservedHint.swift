import FlakeCheckModel

extension RuntimeEvidence {
    /// A hint the failed evidence runs agree on, and how many showed it.
    package struct Observation: Equatable, Sendable {
        package var hint: SynchronisationHint
        /// How many runs showed it: failed runs, or passed runs when none failed (`inPassedRuns`).
        package var failedRuns: Int
        /// Every run that showed it was woken by a timer (`resumedByTimer`): a wait the code may read as a
        /// gate was a sleep.
        package var byTimer = false
        /// Read from passed runs, whose waits go to the test's result, not its first check.
        package var inPassedRuns = false

        package init(hint: SynchronisationHint, failedRuns: Int, byTimer: Bool = false, inPassedRuns: Bool = false) {
            self.hint = hint
            self.failedRuns = failedRuns
            self.byTimer = byTimer
            self.inPassedRuns = inPassedRuns
        }
    }

    /// Read from the failed runs, whose waits end at the first failed check: in
    /// every one, the test's own task waited only on yields, only on sleeps, or only on other tasks (a
    /// continuation they resumed, a stream element, the end of a task it awaited). A mixed list decides
    /// nothing (yields while a clock is advanced, a yield before a wait for a task), nor do wakes from
    /// outside Swift's jobs (a callback's continuation: whether the callback came after the work the check
    /// reads, the runtime does not show), nor a run without waits: the recorder sees no semaphore, lock or
    /// expectation wait. A wake by a timer (`asyncAfter`, a Foundation `Timer`, a task just woken from its own
    /// sleep) is a sleep.
    ///
    /// Without a failed run, passed runs speak only of timers: their waits go up to the test's result, past
    /// its first check, so only when every one was woken by a timer and by nothing but sleeps is the test
    /// sleep-gated (a continuation a timer resumes, which the code may read as a gate).
    package var observation: Observation? {
        let failed = runs.filter { $0.outcome.isFailure }
        guard failed.isEmpty else {
            let hints = failed.map { run in run.waits.flatMap(Self.hint(ofOnly:)) }
            guard let first = hints.first ?? nil, hints.allSatisfy({ $0 == first }) else { return nil }
            let byTimer = failed.allSatisfy { $0.waits?.contains(.resumedByTimer) ?? false }
            return Observation(hint: first, failedRuns: failed.count, byTimer: byTimer)
        }
        let passed = runs.filter { $0.outcome == .passed }
        guard !passed.isEmpty,
            passed.allSatisfy({ run in
                run.waits.map { $0.contains(.resumedByTimer) && Self.hint(ofOnly: $0) == .sleepGated } ?? false
            })
        else { return nil }
        return Observation(hint: .sleepGated, failedRuns: passed.count, byTimer: true, inPassedRuns: true)
    }

    /// The hint a run's waits name when they are all of one kind.
    private static func hint(ofOnly waits: [Wait]) -> SynchronisationHint? {
        let kinds = Set(
            waits.map { wait -> SynchronisationHint? in
                switch wait {
                case .yield: .yieldGated
                case .sleep, .resumedByTimer: .sleepGated
                case .resumedByTask, .taskEnded: .continuationGated
                case .resumedOutside: nil
                }
            })
        guard kinds.count == 1, let only = kinds.first else { return nil }
        return only
    }
}
