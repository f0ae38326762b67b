/// Something in a run that flakecheck could not turn into a plain per-test outcome on its own: a crash or
/// timeout while several tests ran at once, results that never arrived, or a process that could not be
/// started. Each is kept on its run (`runs[].incidents`), counted in the summary, printed on the terminal,
/// and the ones where flakecheck cannot tell what happened fail the gate: a number CI relies on is never
/// quietly made up.
public struct RunIncident: Equatable, Codable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A process died of a signal (or exited mid-run) while several tests were running.
        case crash
        /// A process was killed at `--timeout` while several tests were running.
        case timeout
        /// The process ended normally but printed no result for these tests.
        case lostResults
        /// The process could not be started at all (the cause is in `message`).
        case spawnFailure
        /// A saved log's results cannot be told apart: tests printed alike ran at the same time and ended
        /// differently, with nothing in the log to say whose end was whose.
        case ambiguousResults
    }

    public var kind: Kind
    /// The tests it concerns: those running at the crash or kill, or those without a result.
    public var candidates: [String]
    /// Crash and timeout: the candidates that crashed or hung again when re-run alone. Empty when none
    /// did, and then every candidate counts as crashed (or timed out) in that run.
    public var blamed: [String]?
    public var message: String

    public init(kind: Kind, candidates: [String], blamed: [String]? = nil, message: String) {
        self.kind = kind
        self.candidates = candidates
        self.blamed = blamed
        self.message = message
    }

    /// Whether flakecheck could not tell what happened, which fails the gate whatever the pass rates say.
    public var isUnresolved: Bool {
        switch kind {
        case .crash, .timeout: blamed?.isEmpty ?? true
        case .lostResults, .spawnFailure, .ambiguousResults: true
        }
    }
}
