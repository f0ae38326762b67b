/// What the baseline says about one test in a report.
public struct BaselineStatus: Equatable, Codable, Sendable {
    public var state: State
    public var reason: String?
    public var expires: String?

    public enum State: String, Codable, Sendable {
        /// Below the gate but accepted: does not trip it.
        case knownFlaky = "known-flaky"
        /// Listed, but stable now: remove it from the baseline.
        case fixed
        /// Listed, but the entry has expired: trips the gate like any other test.
        case expired
    }

    package init(state: State, reason: String? = nil, expires: String? = nil) {
        self.state = state
        self.reason = reason
        self.expires = expires
    }
}
