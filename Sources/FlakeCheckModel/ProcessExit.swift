/// How a process ended.
package struct ProcessExit: Sendable, Equatable, Codable {
    /// The exit status, nil when a signal ended the process.
    package var exitCode: Int32?
    package var signal: Int32?
    package var timedOut: Bool
    /// True when flakecheck itself stopped the process because the user interrupted the run.
    package var interrupted: Bool
    package var wallSeconds: Double
    /// Processes of its session still alive after flakecheck stopped it and waited (`stopsWholeSession`).
    package var lingering: Int?

    package init(
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
    package var succeeded: Bool { exitCode == 0 && !timedOut && !interrupted }
}
