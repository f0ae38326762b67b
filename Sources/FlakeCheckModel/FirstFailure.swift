/// When a test first failed in a session: what a user waits for is seconds, not runs. The run (1-based),
/// the seconds from the session's first run starting to the end of that run, and the `--hunt` or
/// `--perturb` arm it ran under, when it had one.
public struct FirstFailure: Codable, Equatable, Sendable {
    public var run: Int
    public var seconds: Double
    public var arm: String?

    package init(run: Int, seconds: Double, arm: String? = nil) {
        self.run = run
        self.seconds = seconds
        self.arm = arm
    }
}
