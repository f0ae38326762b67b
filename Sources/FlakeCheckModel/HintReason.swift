/// Why a test's hint is what it is: the line of its own function whose wait decided it (a yield, a
/// sleep, a gate, or the call of a helper that waits), and, when that wait is a helper's, the chain of
/// calls from that line to the function that holds it (`letAlertsSettle`, `pause`). A reading says what
/// it read, so a reader can check it against the code.
public struct HintReason: Codable, Equatable, Sendable {
    /// `path:line` in the test's own function.
    public var location: String
    /// The helpers called from that line to the wait, outermost first; nil when the line holds the wait.
    public var chain: [String]?

    package init(location: String, chain: [String]? = nil) {
        self.location = location
        self.chain = chain
    }
}
