/// What the solo re-check after the runs spent and ran (`--recheck`): its cost said beside the runs' own,
/// so a command that took longer than its runs says why. Each checked test's note says what it showed.
public struct RecheckSummary: Equatable, Codable, Sendable {
    /// The tests run again: those whose failures all overlapped another worker's run.
    public var tests: Int
    /// Runs with one worker, and runs with one worker and the CPUs kept busy.
    public var aloneRuns: Int
    public var loadedRuns: Int
    /// Test processes those runs started.
    public var processes: Int
    public var seconds: Double
    /// `--recheck` as given (`auto`, or a number of runs).
    public var limit: String
    /// Seconds it was allowed (half the runs' own time under `auto`, what `--budget` left); nil: no bound.
    public var allowedSeconds: Double?
    /// It stopped before the runs its tests' failure rates asked for: its time ran out.
    public var stoppedForTime: Bool

    package init(
        tests: Int, aloneRuns: Int, loadedRuns: Int, processes: Int, seconds: Double, limit: String,
        allowedSeconds: Double?, stoppedForTime: Bool
    ) {
        self.tests = tests
        self.aloneRuns = aloneRuns
        self.loadedRuns = loadedRuns
        self.processes = processes
        self.seconds = seconds
        self.limit = limit
        self.allowedSeconds = allowedSeconds
        self.stoppedForTime = stoppedForTime
    }
}
