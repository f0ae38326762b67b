/// What a failure that timed something shows: the kinds of timing check a test's failure messages can
/// be read as (`TimingFailure`). Such a failure under parallel runs that one worker does not reproduce is
/// the machine's load on a measurement, not a port, a file or a race.
public enum TimingCheck: String, Codable, Sendable, CaseIterable {
    /// XCTest's `measure()`: the relative standard deviation of its measurements passed the maximum.
    case measureDeviation
    /// XCTest's `measure()`: the average was worse than the baseline by more than allowed.
    case measureBaseline
    /// An assertion on an elapsed time or duration.
    case elapsedTime
}
