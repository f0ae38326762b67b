/// How a process ended.
public struct ProcessExit: Sendable, Equatable, Codable {
    /// The exit status, nil when a signal ended the process.
    public var exitCode: Int32?
    public var signal: Int32?
    public var timedOut: Bool
    /// True when flakecheck itself stopped the process because the user interrupted the run.
    public var interrupted: Bool
    public var wallSeconds: Double
    /// Processes of its session still alive after flakecheck stopped it and waited (`stopsWholeSession`).
    public var lingering: Int?

    public init(
        exitCode: Int32?, signal: Int32?, timedOut: Bool = false, interrupted: Bool = false,
        wallSeconds: Double
    ) {
        self.exitCode = exitCode
        self.signal = signal
        self.timedOut = timedOut
        self.interrupted = interrupted
        self.wallSeconds = wallSeconds
    }

    /// Ended on its own with status 0.
    public var succeeded: Bool { exitCode == 0 && !timedOut && !interrupted }
}
