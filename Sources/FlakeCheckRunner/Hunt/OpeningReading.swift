import FlakeCheckAnalysis

/// What `--hunt`'s opening needs of a selected test's reading (`HuntOpening.Lead`): its hint and whether it
/// shares state. Kept in the build's cache (`DiscoveryCache`) with the identity of the test binary and the
/// sources it was read from, so that a session run again on the same build starts its first run at once:
/// reading the hints before the first run took 30 to 35 ms, when the examples' races fail within 20 to 25 ms
/// under their best arm (Benchmarks.md, "Time to the first failure, in seconds").
package struct OpeningReading: Codable, Equatable, Sendable {
    package var hint: SynchronisationHint
    package var sharesState: Bool
    /// Its yields poll one object before a check of another's (`HintDetector.Reading.pollsAProxy`).
    package var pollsAProxy: Bool

    package init(hint: SynchronisationHint, sharesState: Bool, pollsAProxy: Bool = false) {
        self.hint = hint
        self.sharesState = sharesState
        self.pollsAProxy = pollsAProxy
    }
}
