import FlakeCheckModel

/// Gives each test one start and one end per iteration (repetition), whatever shape of records a Swift
/// Testing version writes for `--repetitions` / `--repeat-until`, and its status from its own events.
///
/// - 6.3 repeats the whole plan: each iteration is a `testStarted` … `testEnded` pair of its own.
/// - 6.4 repeats each test case, and its encoder (`ABI.EncodedEvent.Kind(encoding:in:)`) keeps the outer
///   `testStarted`/`testEnded` of a non-parameterized test, drops its first iteration's case records and
///   relabels later iterations' case records `testStarted`/`testEnded`. So iteration 2 starts while the
///   outer start is still open: that start ends iteration 1, and the outer end, left over, ends nothing.
/// - A parameterized test keeps its outer pair and its `testCaseStarted`/`testCaseEnded` per case per
///   iteration, and cases of different iterations may overlap. Iteration 1 is the outer pair; later
///   iterations are gathered per case (by the 6.4 schema's `iteration`, else by how often the case
///   started) and written as their own pairs when the outer end arrives, so a process that dies inside
///   the test leaves iteration 1 open (blamed on the test) and the later ones unreached.
struct EventStreamIterations {
    private struct Test {
        /// The iteration the open start (or the last end) belongs to.
        var iteration = 0
        var isOpen = false
        /// An outer start was ended by a later iteration's start: its own end will arrive with nothing open.
        var wrapped = false
        var startInstant: Double?
        var failed = false
        var cancelled = false
        /// How often each case (by its display name) started; the count is its iteration.
        var caseIterations: [String: Int] = [:]
        /// Parameterized iterations after the first, kept until the outer end.
        var later: [Int: LaterIteration] = [:]
    }

    private struct LaterIteration {
        var failures: [FailureRecord] = []
        var cancelled = false
        var firstInstant: Double?
        var lastInstant: Double?
    }

    private var tests: [String: Test] = [:]

    mutating func started(
        _ reference: TestReference, iteration: Int?, instant: Double?, emit: (TestEvent) -> Void
    ) {
        var test = tests[reference.name] ?? Test()
        if test.isOpen {
            // A start inside an open start (6.4): the open iteration is over.
            emit(
                .finished(
                    reference, status(failed: test.failed, cancelled: test.cancelled),
                    duration: Self.duration(from: test.startInstant, to: instant)))
            test.wrapped = true
        }
        let next = iteration ?? test.iteration + 1
        emit(iteration != nil || test.wrapped ? .iterationStarted(reference, iteration: next) : .started(reference))
        test.iteration = next
        test.isOpen = true
        test.startInstant = instant
        test.failed = false
        test.cancelled = false
        tests[reference.name] = test
    }

    mutating func caseStarted(_ reference: TestReference, caseName: String?, iteration: Int?, instant: Double?) {
        // A 6.3-schema case names neither its case nor its iteration: 6.3 repeats the whole plan, each
        // iteration with an outer pair of its own, so its cases say nothing about iterations.
        guard var test = tests[reference.name], iteration != nil || caseName != nil else { return }
        let key = caseName ?? ""
        let caseIteration = iteration ?? (test.caseIterations[key, default: 0] + 1)
        test.caseIterations[key] = caseIteration
        if caseIteration > test.iteration {
            let first = test.later[caseIteration]?.firstInstant
            test.later[caseIteration, default: LaterIteration()].firstInstant =
                first.map { min($0, instant ?? $0) } ?? instant
        }
        tests[reference.name] = test
    }

    mutating func caseEnded(_ reference: TestReference, caseName: String?, iteration: Int?, instant: Double?) {
        guard var test = tests[reference.name],
            let caseIteration = iteration ?? test.caseIterations[caseName ?? ""], caseIteration > test.iteration
        else { return }
        test.later[caseIteration, default: LaterIteration()].lastInstant = instant
        tests[reference.name] = test
    }

    /// A failing issue: the open iteration's, or a later case iteration's, kept for the outer end.
    mutating func issue(
        _ reference: TestReference, _ failure: FailureRecord, caseName: String?, iteration: Int?,
        emit: (TestEvent) -> Void
    ) {
        var test = tests[reference.name] ?? Test()
        let issueIteration = iteration ?? caseName.flatMap { test.caseIterations[$0] } ?? test.iteration
        if issueIteration > test.iteration, test.isOpen {
            test.later[issueIteration, default: LaterIteration()].failures.append(failure)
        } else {
            test.failed = true
            emit(.issue(reference, failure))
        }
        tests[reference.name] = test
    }

    mutating func cancelled(_ reference: TestReference, caseName: String?, iteration: Int?) {
        var test = tests[reference.name] ?? Test()
        let cancelledIteration = iteration ?? caseName.flatMap { test.caseIterations[$0] } ?? test.iteration
        if cancelledIteration > test.iteration, test.isOpen {
            test.later[cancelledIteration, default: LaterIteration()].cancelled = true
        } else {
            test.cancelled = true
        }
        tests[reference.name] = test
    }

    mutating func ended(_ reference: TestReference, instant: Double?, emit: (TestEvent) -> Void) {
        var test = tests[reference.name] ?? Test()
        if !test.isOpen, test.wrapped {
            // The outer end of a 6.4 non-parameterized test whose iterations had their own pairs.
            test.wrapped = false
            tests[reference.name] = test
            return
        }
        emit(
            .finished(
                reference, status(failed: test.failed, cancelled: test.cancelled),
                duration: test.isOpen ? Self.duration(from: test.startInstant, to: instant) : nil))
        test.isOpen = false
        for iteration in test.later.keys.sorted() {
            let later = test.later[iteration]!
            emit(.iterationStarted(reference, iteration: iteration))
            for failure in later.failures { emit(.issue(reference, failure)) }
            emit(
                .finished(
                    reference, status(failed: !later.failures.isEmpty, cancelled: later.cancelled),
                    duration: Self.duration(from: later.firstInstant, to: later.lastInstant)))
            test.iteration = iteration
        }
        test.later = [:]
        test.caseIterations = [:]
        test.failed = false
        test.cancelled = false
        tests[reference.name] = test
    }

    /// How an iteration ended, from its own events, never from a display symbol: a failing issue fails
    /// it; a cancellation without one skips it; otherwise it passed.
    private func status(failed: Bool, cancelled: Bool) -> FinishStatus {
        failed ? .failed : cancelled ? .skipped : .passed
    }

    private static func duration(from start: Double?, to end: Double?) -> Double? {
        guard let start, let end else { return nil }
        return max(0, end - start)
    }
}
