/// Something in a run that flakecheck could not turn into a plain per-test outcome on its own: a crash or
/// timeout while several tests ran at once, results that never arrived, or a process that could not be
/// started. Each is kept on its run (`runs[].incidents`), counted in the summary, printed on the terminal,
/// and the ones where flakecheck cannot tell what happened fail the gate: a number CI relies on is never
/// quietly made up.
public struct RunIncident: Equatable, Codable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A process died of a signal (or exited mid-run) while several tests were running, or after several
        /// had reported their results.
        case crash
        /// A process was killed at `--timeout` while several tests were running.
        case timeout
        /// The process ended normally but printed no result for these tests.
        case lostResults
        /// The process could not be started at all (the reason is in `cause`).
        case spawnFailure
        /// A saved log's results cannot be told apart: tests printed alike ran at the same time and ended
        /// differently, with nothing in the log to say whose end was whose.
        case ambiguousResults
        /// A process printed a result under a name the binary's test list does not have: it is not made a
        /// test (nothing can select it), and said here instead.
        case unlistedName
    }

    public var kind: Kind
    /// The tests it concerns: those running at the crash or kill, or those without a result.
    public var candidates: [String]
    /// Crash and timeout: the candidates that crashed or hung again when re-run alone. Empty when none
    /// did, and then every candidate counts as crashed (or timed out) in that run.
    public var blamed: [String]?
    /// What happened, in numbers; Reporting words it (`RunIncident+Wording`).
    public var cause: Cause

    /// What happened, by kind, with what the words need.
    public enum Cause: Equatable, Codable, Sendable {
        /// The process ended normally but reported no result for `missing` of its `tests`.
        case endedWithoutResults(missing: Int, tests: Int)
        /// No process reported `missing` selected tests after every retry flakecheck allows.
        case unreportedAfterRetries(missing: Int)
        /// A saved log's run ended without its library's end-of-run summary, before `missing` of the
        /// package's tests reported.
        case logEndedEarly(framework: TestFramework, missing: Int)
        /// A crash or timeout while `running` tests ran in one process (`failure`: the crashed or timed-out
        /// test's failure message); `blamed` says who crashed or hung again when re-run alone.
        case crashedWhileRunning(failure: String, running: Int)
        /// A process ended badly (`failure`: a signal, the timeout or an unexplained exit status, in words)
        /// after `reported` of its tests had reported their results and none was running; `blamed` says
        /// which ended badly again when re-run alone. In a saved log nobody can re-run them: the
        /// candidates are the suspects.
        case endedAfterResults(failure: String, reported: Int)
        /// The process could not be started: the system's reason.
        case couldNotStart(reason: String)
        /// Tests printed alike (`printedName`) ran at the same time in a saved log and ended differently
        /// (`ends`), with nothing in the log to say whose end was whose.
        case indistinguishable(printedName: String, ends: [TestOutcome])
        /// A saved log's process died (`crashLine`: the runtime's words, if the log has them) while `running`
        /// tests were in flight, with nothing in the log to say which one took it down: none has an outcome.
        case diedWhileRunning(crashLine: String?, running: Int)
        /// A library's end-of-run summary counts `counted` tests, but its output showed only `shown` of them:
        /// the others' lines were lost on their way (SwiftPM passes its test processes' output on through
        /// pipes of its own, and under load once lost the first hundred lines of it). Which tests they were
        /// the output does not say.
        case summaryCountsMore(framework: TestFramework, counted: Int, shown: Int)
        /// A result (`outcome`) printed under a name no listed test has.
        case reportedUnlisted(outcome: TestOutcome)
        /// An incident of a report written before incidents had causes (schema version 1), in its words.
        case worded(String)
    }

    package init(kind: Kind, candidates: [String], blamed: [String]? = nil, cause: Cause) {
        self.kind = kind
        self.candidates = candidates
        self.blamed = blamed
        self.cause = cause
    }

    /// Whether flakecheck could not tell what happened, which fails the gate whatever the pass rates say.
    package var isUnresolved: Bool {
        switch kind {
        case .crash, .timeout: blamed?.isEmpty ?? true
        case .lostResults, .spawnFailure, .ambiguousResults: true
        // A failure under a name no listed test has may be a selected test's, and cannot be placed.
        case .unlistedName: if case .reportedUnlisted(let outcome) = cause { outcome.isFailure } else { true }
        }
    }
}

extension RunIncident {
    private enum CodingKeys: String, CodingKey { case kind, candidates, blamed, cause, message }

    /// Schema version 1 said what happened in a sentence (`message`), kept as `Cause.worded`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        candidates = try container.decode([String].self, forKey: .candidates)
        blamed = try container.decodeIfPresent([String].self, forKey: .blamed)
        cause =
            try container.decodeIfPresent(Cause.self, forKey: .cause)
            ?? .worded(try container.decode(String.self, forKey: .message))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(blamed, forKey: .blamed)
        try container.encode(candidates, forKey: .candidates)
        try container.encode(cause, forKey: .cause)
        try container.encode(kind, forKey: .kind)
    }
}
