import FlakeCheckModel

/// Reads a failure message as a timing check, or not (`TimingCheck`): XCTest's `measure()` messages as
/// swift-corelibs-xctest and Xcode print them, and assertions whose text names an elapsed time or a
/// duration. Deliberately narrow: a message that only mentions a number of seconds ("timed out after
/// 1 s waiting for the server") is a wait that gave up, not a measurement, and is not read as one.
package enum TimingFailure {
    /// The kind of timing check `message` shows, or nil.
    package static func check(in message: String) -> TimingCheck? {
        let text = message.lowercased()
        if text.contains("relative standard deviation"), text.contains("max allowed") { return .measureDeviation }
        if text.contains("baseline"), text.contains("worse") || text.contains("regression") {
            return .measureBaseline
        }
        if elapsedWords.contains(where: { text.contains($0) }) { return .elapsedTime }
        return nil
    }

    /// The one kind every message shows, when all of them show the same; nil when any is not a timing
    /// check (or there are none).
    package static func check(inAll messages: some Sequence<String>) -> TimingCheck? {
        var found: TimingCheck?
        for message in messages {
            guard let check = check(in: message), found == nil || found == check else { return nil }
            found = check
        }
        return found
    }

    /// Words an assertion on a measured time uses, in its expression or its message.
    private static let elapsedWords = [
        "elapsed", "duration", "took longer", "took too long", "time budget", "execution time", "latency",
        "timeinterval(since", "clock.now - ", ".now - start", "since start",
    ]
}
