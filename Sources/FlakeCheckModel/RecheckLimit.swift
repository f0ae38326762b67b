/// How much the solo re-check after the runs may spend (`--recheck`): a test whose failures all
/// overlapped another worker's run is run again with one worker, then with the CPUs kept busy.
package enum RecheckLimit: Sendable, Equatable, CustomStringConvertible {
    /// As many runs as the failure rate needs to show, within half the time the runs took.
    case auto
    /// No re-check: such tests keep their verdict without a note of what one worker shows.
    case off
    /// At most this many runs with one worker, and as many more with the CPUs kept busy, whatever the time.
    case runs(Int)

    /// `auto`, `off`, or a number of runs from 1 to 1000.
    package init?(_ text: String) {
        switch text {
        case "auto": self = .auto
        case "off": self = .off
        default:
            guard let runs = Int(text), (1...1000).contains(runs) else { return nil }
            self = .runs(runs)
        }
    }

    package var description: String {
        switch self {
        case .auto: "auto"
        case .off: "off"
        case .runs(let runs): String(runs)
        }
    }
}
